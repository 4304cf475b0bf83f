import { useMemo, useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  requestInput,
  requestTypeProblems,
  TRAVEL_DIRECTIONS,
  type ExpenseRequest,
  type LineAvailability,
  type RequestType,
  type TravelDirection,
} from '@amparo/shared/modules/execution.schema';
import { money, moneyString } from '@amparo/shared/money';
import { useZodForm } from '../../../shared/hooks/use-zod-form';
import { ApiError } from '../../../shared/lib/api';
import { notifyError } from '../../../shared/lib/notify';
import { applyServerErrors, translateFieldError } from '../../../shared/lib/server-errors';
import { DateField } from '../../../shared/ui/date-field';
import { ButtonLink } from '../../../shared/ui/router-links/button-link';
import { useLineLookup, type ProviderOption } from '../api/queries';
import { monthLabel } from '../lib/labels';
import { LineSummary } from './line-summary';
import { PettyCashRequestSection } from './petty-cash-request-section';
import { RemoteMultiSelect, type RemoteOption } from './remote-multi-select';
import { RequestItemsEditor } from './request-items-editor';
import { toRequestInput, type RequestFormOutput, type RequestFormValues } from './request-form-values';

interface RequestFormProps {
  type: RequestType;
  year: number;
  month: number;
  /** The form's accessible name (the page's title). */
  label: string;
  initialValues: RequestFormValues;
  /** The saved request being edited: its lines, providers and travellers are known, its commitment is its own. */
  saved?: ExpenseRequest;
  onSubmit: (values: RequestFormOutput) => Promise<unknown>;
  saving: boolean;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg">
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

const providerOption = (p: ProviderOption): RemoteOption => ({ value: p.id, label: `${p.name} (${p.nit})` });
const userOption = (u: { id: string; fullName: string; username?: string }): RemoteOption => ({
  value: u.id,
  label: u.username ? `${u.fullName} (${u.username})` : u.fullName,
});

/**
 * An expense request (issue 26 section 3; spec section 5) of one type on one planned month: what and why, its
 * items against the month's planning lines with the line's available amount beside each, and, by type, the
 * providers to quote (purchase order) or the trip (travel expenses). Checked with the shared contract; the
 * budget's refusal lands under the line it is about with the figures, and a warning asks to confirm before the
 * request is sent again with `confirmWarning`.
 */
export function RequestForm({ type, year, month, label, initialValues, saved, onSubmit, saving }: RequestFormProps) {
  const { t } = useTranslation('execution');
  const [warning, setWarning] = useState<{ values: RequestFormOutput; error: ApiError } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { form, submitWith } = useZodForm<RequestFormValues, RequestFormOutput>(requestInput, initialValues, {
    toInput: (values) => toRequestInput(type, year, month, values),
    validate: (values, messages) => {
      const required = translateFieldError(t, { code: 'required' });
      // A line not chosen is 'invalid' for the contract; to the user it is simply missing.
      values.items.forEach((item, i) => {
        if (!item.lineId) messages[`items.${i}.lineId`] = required;
      });
      if (!values.executionDate) messages.executionDate = required;
      // Zod skips the contract's cross-field rules while any single field fails: flag them with the rest.
      const input = toRequestInput(type, year, month, values);
      for (const p of requestTypeProblems(type, input)) messages[p.field] ??= translateFieldError(t, { code: p.code });
      if (type === 'travel_expenses') {
        const { departureDate, returnDate } = values.travel;
        if (!departureDate) messages['travel.departureDate'] = required;
        if (!returnDate) messages['travel.returnDate'] = required;
        if (departureDate && returnDate && returnDate < departureDate)
          messages['travel.returnDate'] ??= translateFieldError(t, { code: 'date_order' });
      }
      if (type === 'petty_cash') {
        const { fundId, countId, voucherRangeId } = values.pettyCash;
        if (!fundId) {
          messages['pettyCash.fundId'] = required;
          delete messages['pettyCash.countId'];
        } else if (!countId) messages['pettyCash.countId'] = required;
        if (!voucherRangeId) messages['pettyCash.voucherRangeId'] = required;
      }
      return messages;
    },
    transformValues: (values) => requestInput.parse(toRequestInput(type, year, month, values)),
    // Values changed after a warning: the figures shown are no longer those of the form.
    onValuesChange: () => setWarning(null),
  });

  // The lines' figures: the month's first answer, plus every line chosen in a row or saved on the request.
  const firstLines = useLineLookup(year, month);
  const [picked, setPicked] = useState<ReadonlyMap<string, LineAvailability>>(new Map());
  const known = useMemo(() => {
    const map = new Map<string, LineAvailability>();
    for (const line of firstLines.data ?? []) map.set(line.lineId, line);
    for (const [id, line] of picked) map.set(id, line);
    for (const item of saved?.items ?? [])
      if (!map.has(item.lineId))
        map.set(item.lineId, {
          lineId: item.lineId,
          description: item.lineDescription,
          strategicAxis: '',
          program: '',
          planned: '0',
          assigned: '0',
          available: '0',
        });
    return map;
  }, [firstLines.data, picked, saved]);
  // What this request already holds on each line is available to it when edited.
  const held = useMemo(() => new Map((saved?.lines ?? []).map((l) => [l.lineId, l.amount])), [saved]);
  const availableOf = (line: LineAvailability) => {
    const own = held.get(line.lineId);
    return own ? moneyString(money(line.available).plus(own)) : line.available;
  };
  const onPick = (line: LineAvailability) => setPicked((prev) => new Map(prev).set(line.lineId, line));

  const send = async (values: RequestFormOutput) => {
    try {
      await onSubmit(values);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'budget_warning') setWarning({ values, error });
      throw error;
    }
  };
  const submit = submitWith(send);
  const confirm = async () => {
    if (!warning) return;
    setConfirming(true);
    try {
      await onSubmit({ ...warning.values, confirmWarning: true });
      setWarning(null);
    } catch (error) {
      setWarning(null);
      notifyError(applyServerErrors(error, t, form.setErrors));
    } finally {
      setConfirming(false);
    }
  };
  const lineName = (field: string) => {
    const index = /^items\.(\d+)\./.exec(field)?.[1];
    const lineId = index === undefined ? undefined : form.values.items[Number(index)]?.lineId;
    return (lineId && known.get(lineId)?.description) || '';
  };

  const dateProps = (field: 'executionDate' | 'travel.departureDate' | 'travel.returnDate') => ({
    ...form.getInputProps(field),
    value:
      field === 'executionDate'
        ? form.values.executionDate
        : form.values.travel[field === 'travel.departureDate' ? 'departureDate' : 'returnDate'],
    onChange: (v: string | null) => form.setFieldValue(field, v),
  });
  const known0 = saved
    ? {
        providers: saved.providers.map(providerOption),
        travellers: (saved.travel?.travellers ?? []).map((u) => userOption({ id: u.id, fullName: u.name })),
      }
    : { providers: [], travellers: [] };

  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Stack>
        <Section title={t('execution:sections.request')}>
          <Stack>
            <TextInput
              label={t('execution:fields.description')}
              withAsterisk
              maxLength={300}
              {...form.getInputProps('description')}
            />
            <Textarea
              label={t('execution:fields.justification')}
              withAsterisk
              autosize
              minRows={3}
              maxLength={2000}
              {...form.getInputProps('justification')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <DateField
                label={t('execution:fields.executionDate')}
                withAsterisk
                clearable={false}
                {...dateProps('executionDate')}
              />
              <Switch
                mt={{ base: 0, sm: 30 }}
                label={t('execution:fields.urgent')}
                description={t('execution:fields.urgentHint')}
                {...form.getInputProps('urgent', { type: 'checkbox' })}
              />
            </SimpleGrid>
          </Stack>
        </Section>

        {type === 'travel_expenses' && (
          <Section title={t('execution:sections.travel')}>
            <Stack>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TextInput
                  label={t('execution:travel.destination')}
                  withAsterisk
                  maxLength={200}
                  {...form.getInputProps('travel.destination')}
                />
                <DateField
                  label={t('execution:travel.departureDate')}
                  withAsterisk
                  clearable={false}
                  {...dateProps('travel.departureDate')}
                />
                <DateField
                  label={t('execution:travel.returnDate')}
                  withAsterisk
                  clearable={false}
                  {...dateProps('travel.returnDate')}
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <Checkbox.Group
                  label={t('execution:travel.directions')}
                  withAsterisk
                  {...form.getInputProps('travel.directions')}
                  onChange={(v) => form.setFieldValue('travel.directions', v as TravelDirection[])}
                >
                  <Group mt="xs">
                    {TRAVEL_DIRECTIONS.map((d) => (
                      <Checkbox key={d} value={d} label={t(`execution:travel.${d}`)} />
                    ))}
                  </Group>
                </Checkbox.Group>
                <RemoteMultiSelect
                  path="execution/lookup/users"
                  toOption={userOption}
                  known={known0.travellers}
                  label={t('execution:travel.travellers')}
                  placeholder={t('execution:travel.travellersPlaceholder')}
                  nothingFoundMessage={t('execution:travel.nothingFound')}
                  withAsterisk
                  {...form.getInputProps('travel.travellerIds')}
                  value={form.values.travel.travellerIds}
                  onChange={(ids) => form.setFieldValue('travel.travellerIds', ids)}
                />
                <TextInput
                  label={t('execution:travel.exitPassNumber')}
                  maxLength={40}
                  {...form.getInputProps('travel.exitPassNumber')}
                />
              </SimpleGrid>
            </Stack>
          </Section>
        )}

        {type === 'petty_cash' && (
          <Section title={t('execution:pettyCash.request.section')}>
            <PettyCashRequestSection form={form} saved={saved} />
          </Section>
        )}

        <Section title={t('execution:sections.items')}>
          <Stack>
            <RequestItemsEditor
              form={form}
              year={year}
              month={month}
              known={known}
              onPick={onPick}
              availableOf={availableOf}
            />
            <LineSummary
              items={form.values.items}
              monthName={monthLabel(t, year, month)}
              known={known}
              availableOf={availableOf}
              editing={!!saved}
            />
          </Stack>
        </Section>

        {type === 'purchase_order' && (
          <Section title={t('execution:sections.providers')}>
            <RemoteMultiSelect
              path="execution/lookup/providers"
              toOption={providerOption}
              known={known0.providers}
              label={t('execution:providers.field')}
              placeholder={t('execution:providers.placeholder')}
              nothingFoundMessage={t('execution:providers.nothingFound')}
              withAsterisk
              maxValues={10}
              {...form.getInputProps('providerIds')}
              value={form.values.providerIds}
              onChange={(ids) => form.setFieldValue('providerIds', ids)}
            />
          </Section>
        )}

        {warning && (
          <Alert
            color="orange"
            icon={<IconAlertTriangle size={18} />}
            title={t('execution:warning.title')}
            role="alert"
            aria-label={t('execution:warning.title')}
          >
            <Text size="sm">{t('execution:warning.body')}</Text>
            <List size="sm" mt="xs">
              {warning.error.fieldErrors.map((e) => (
                <List.Item key={e.field}>
                  {[lineName(e.field), translateFieldError(t, e)].filter(Boolean).join(': ')}
                </List.Item>
              ))}
            </List>
            <Group mt="sm">
              <Button color="orange" loading={confirming} onClick={() => void confirm()}>
                {t('execution:warning.confirm')}
              </Button>
              <Button variant="default" onClick={() => setWarning(null)} disabled={confirming}>
                {t('execution:warning.dismiss')}
              </Button>
            </Group>
          </Alert>
        )}

        <Group justify="flex-end">
          <ButtonLink to="/execution/requests/list" variant="default">
            {t('common:actions.cancel')}
          </ButtonLink>
          <Button type="submit" loading={saving && !confirming} disabled={confirming}>
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

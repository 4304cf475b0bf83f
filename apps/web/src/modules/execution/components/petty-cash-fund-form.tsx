import { Button, Group, Paper, Select, SimpleGrid, Stack, Switch, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  pettyCashFundInput,
  pettyCashFundUpdate,
  type PettyCashFundDetail,
} from '@amparo/shared/modules/petty-cash.schema';
import { useCatalog } from '../../../shared/hooks/use-catalog';
import { useZodForm } from '../../../shared/hooks/use-zod-form';
import { translateFieldError } from '../../../shared/lib/server-errors';
import { MoneyInput } from '../../../shared/ui/money-input';
import { ButtonLink } from '../../../shared/ui/router-links/button-link';
import { UserPicker } from '../../../shared/ui/user-picker';

/** What the inputs hold: a choice not made yet is null, the amount as typed ('2000.5'). */
export type PettyCashFundValues = {
  headquarterId: string | null;
  custodianId: string | null;
  amount: string;
  notes: string;
  active: boolean;
};

/** A new fund's values, or a saved one's. */
export function toFundValues(fund?: PettyCashFundDetail): PettyCashFundValues {
  return fund
    ? {
        headquarterId: fund.headquarterId,
        custodianId: fund.custodianId,
        amount: fund.amount,
        notes: fund.notes ?? '',
        active: fund.active,
      }
    : { headquarterId: null, custodianId: null, amount: '', notes: '', active: true };
}

/** The contract's input from the values: a new fund names its headquarter, a saved one its version and state. */
function toInput(values: PettyCashFundValues, saved?: PettyCashFundDetail) {
  const common = { custodianId: values.custodianId ?? '', amount: values.amount, notes: values.notes };
  return saved
    ? { ...common, active: values.active, version: saved.version }
    : { ...common, headquarterId: values.headquarterId ?? '' };
}

export type PettyCashFundOutput =
  ReturnType<typeof pettyCashFundInput.parse> | ReturnType<typeof pettyCashFundUpdate.parse>;

interface Props {
  label: string;
  /** The fund edited; absent for a new one. */
  saved?: PettyCashFundDetail;
  onSubmit: (values: PettyCashFundOutput) => Promise<unknown>;
  saving: boolean;
}

/**
 * A petty-cash fund as administration sets it up (issue 26 section 3): the headquarter (one active fund each, fixed
 * once created), its custodian, the fund's amount (Q) and notes; a saved one may be turned inactive.
 */
export function PettyCashFundForm({ label, saved, onSubmit, saving }: Props) {
  const { t } = useTranslation('execution');
  const headquarters = useCatalog('headquarter', { enabled: !saved });
  const schema = saved ? pettyCashFundUpdate : pettyCashFundInput;
  const { form, submitWith } = useZodForm<PettyCashFundValues, PettyCashFundOutput>(schema, toFundValues(saved), {
    toInput: (values) => toInput(values, saved),
    validate: (values, messages) => {
      // A choice not made is 'invalid' for the contract; to the user it is simply missing.
      const required = translateFieldError(t, { code: 'required' });
      if (!values.custodianId) messages.custodianId = required;
      if (!saved && !values.headquarterId) messages.headquarterId = required;
      return messages;
    },
    transformValues: (values) => schema.parse(toInput(values, saved)),
  });
  const submit = submitWith(onSubmit);
  const headquarterData = saved ? [{ value: saved.headquarterId, label: saved.headquarterName }] : headquarters.data;

  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Stack>
        <Paper withBorder p="lg">
          <Title order={2} size="h4" mb="md">
            {t('execution:pettyCash.sections.fund')}
          </Title>
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={t('execution:pettyCash.fields.headquarter')}
                withAsterisk={!saved}
                searchable
                disabled={!!saved}
                data={headquarterData}
                nothingFoundMessage={t('common:status.empty')}
                {...form.getInputProps('headquarterId')}
              />
              <UserPicker
                path="execution/lookup/users"
                label={t('execution:pettyCash.fields.custodian')}
                withAsterisk
                known={saved ? [{ id: saved.custodianId, fullName: saved.custodianName }] : []}
                {...form.getInputProps('custodianId')}
                value={form.values.custodianId}
                onChange={(id) => form.setFieldValue('custodianId', id)}
              />
              <MoneyInput
                label={t('execution:pettyCash.fields.amount')}
                description={t('execution:pettyCash.fields.amountHint')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                withAsterisk
                {...form.getInputProps('amount')}
              />
            </SimpleGrid>
            <Textarea
              label={t('execution:pettyCash.fields.notes')}
              autosize
              minRows={2}
              maxLength={500}
              {...form.getInputProps('notes')}
            />
            {saved && (
              <Switch
                label={t('execution:pettyCash.fields.active')}
                description={t('execution:pettyCash.fields.activeHint')}
                {...form.getInputProps('active', { type: 'checkbox' })}
              />
            )}
          </Stack>
        </Paper>
        <Group justify="flex-end">
          {saved ? (
            <ButtonLink to="/execution/petty-cash/$fund" params={{ fund: saved.id }} variant="default">
              {t('common:actions.cancel')}
            </ButtonLink>
          ) : (
            <ButtonLink to="/execution/petty-cash/list" variant="default">
              {t('common:actions.cancel')}
            </ButtonLink>
          )}
          <Button type="submit" loading={saving}>
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

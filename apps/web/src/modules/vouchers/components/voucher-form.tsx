import type { ReactNode } from 'react';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  VOUCHER_KINDS,
  VOUCHER_NUMBER_MAX,
  VOUCHER_RANGE_MAX_SIZE,
  voucherRangeInput,
} from '@amparo/shared/modules/vouchers.schema';
import { useCatalog } from '../../../shared/hooks/use-catalog';
import { useZodForm } from '../../../shared/hooks/use-zod-form';
import { translateFieldError } from '../../../shared/lib/server-errors';
import { DateField } from '../../../shared/ui/date-field';
import { MoneyInput } from '../../../shared/ui/money-input';
import { ButtonLink } from '../../../shared/ui/router-links/button-link';
import { localizeVoucherErrors } from '../lib/voucher-errors';
import type { VoucherFormOutput, VoucherFormValues } from './voucher-form-values';

interface VoucherFormProps {
  /** The form's accessible name (the page's title). */
  label: string;
  initialValues: VoucherFormValues;
  onSubmit: (values: VoucherFormOutput) => Promise<unknown>;
  saving: boolean;
  /** Some voucher was issued: the series and the numbers are shown, not changed. */
  numbersLocked?: boolean;
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

/**
 * A range of numbered vouchers (issue 26 section 2): its kind, series and numbers, until when it is valid, the face
 * value of each voucher and the headquarter that holds them. Checked with the shared contract; the server's
 * refusals (a range crossing another of the same series, numbers changed after a voucher was issued) land beside
 * their fields.
 */
export function VoucherForm({ label, initialValues, onSubmit, saving, numbersLocked = false }: VoucherFormProps) {
  const { t } = useTranslation('vouchers');
  const headquarters = useCatalog('headquarter');
  const { form, submitWith } = useZodForm<VoucherFormValues, VoucherFormOutput>(voucherRangeInput, initialValues, {
    validate: (values, messages) => {
      // An empty choice is 'invalid' for the contract; to the user it is simply missing.
      if (!values.kind) messages.kind = translateFieldError(t, { code: 'required' });
      // Zod skips the contract's cross-field rules while any single field fails: flag them with the rest.
      const { start, end } = values;
      if (typeof start === 'number' && typeof end === 'number' && !messages.start) {
        if (end < start) messages.end ??= translateFieldError(t, { code: 'voucher_range_order' });
        else if (end - start + 1 > VOUCHER_RANGE_MAX_SIZE)
          messages.end ??= translateFieldError(t, {
            code: 'too_big',
            params: { max: start + VOUCHER_RANGE_MAX_SIZE - 1 },
          });
      }
      return messages;
    },
    transformValues: (values) => voucherRangeInput.parse(values),
    onValuesChange: (values, previous) => {
      // The last number's rule reads the first one.
      if (values.start !== previous.start && form.errors.end) form.validateField('end');
    },
  });
  const submit = submitWith(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      throw localizeVoucherErrors(error, t);
    }
  });
  const numberProps = {
    allowDecimal: false,
    allowNegative: false,
    hideControls: true,
    min: 1,
    max: VOUCHER_NUMBER_MAX,
    disabled: numbersLocked,
  } as const;

  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Stack>
        <Section title={t('vouchers:sections.range')}>
          <Stack>
            {numbersLocked && (
              <Alert variant="light" color="blue" p="sm">
                {t('vouchers:numbersLocked')}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={t('vouchers:fields.kind')}
                data={VOUCHER_KINDS.map((value) => ({ value, label: t(`vouchers:kinds.${value}`) }))}
                allowDeselect={false}
                withAsterisk
                {...form.getInputProps('kind')}
              />
              <TextInput
                label={t('vouchers:fields.description')}
                withAsterisk
                maxLength={200}
                {...form.getInputProps('description')}
              />
              <TextInput
                label={t('vouchers:fields.series')}
                description={t('vouchers:fields.seriesHint')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                maxLength={20}
                autoComplete="off"
                disabled={numbersLocked}
                {...form.getInputProps('series')}
              />
              <DateField
                label={t('vouchers:fields.expiresOn')}
                withAsterisk
                {...form.getInputProps('expiresOn')}
                value={form.values.expiresOn}
                onChange={(value) => form.setFieldValue('expiresOn', value)}
              />
              <NumberInput
                label={t('vouchers:fields.start')}
                withAsterisk
                {...numberProps}
                {...form.getInputProps('start')}
              />
              <NumberInput
                label={t('vouchers:fields.end')}
                withAsterisk
                {...numberProps}
                {...form.getInputProps('end')}
              />
            </SimpleGrid>
          </Stack>
        </Section>
        <Section title={t('vouchers:sections.other')}>
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <MoneyInput
                label={t('vouchers:fields.faceValue')}
                description={t('vouchers:fields.faceValueHint')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                {...form.getInputProps('faceValue')}
              />
              <Select
                label={t('vouchers:fields.headquarter')}
                placeholder={t('vouchers:fields.allHeadquarters')}
                searchable
                clearable
                data={headquarters.data}
                nothingFoundMessage={t('common:status.empty')}
                {...form.getInputProps('headquarterId')}
              />
            </SimpleGrid>
            <Textarea
              label={t('vouchers:fields.notes')}
              autosize
              minRows={2}
              maxLength={500}
              {...form.getInputProps('notes')}
            />
            <Switch
              label={t('vouchers:fields.active')}
              description={t('vouchers:fields.activeHint')}
              {...form.getInputProps('active', { type: 'checkbox' })}
            />
          </Stack>
        </Section>
        <Group justify="flex-end">
          <ButtonLink to="/configuration/vouchers/list" variant="default">
            {t('common:actions.cancel')}
          </ButtonLink>
          <Button type="submit" loading={saving}>
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

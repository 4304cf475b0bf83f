import { Button, Group, Paper, Select, SimpleGrid, Stack, Switch, TextInput, Title } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import {
  CONTROL_MODES,
  CURRENCIES,
  cooperatingInput,
  type Cooperating,
  type CooperatingValues,
} from '@amparo/shared/modules/cooperating.schema';
import { useZodForm } from '../../../shared/hooks/use-zod-form';
import { ButtonLink } from '../../../shared/ui/router-links/button-link';

export type { CooperatingValues };

export const EMPTY_COOPERATING: CooperatingValues = {
  name: '',
  code: '',
  country: '',
  contactName: '',
  contactEmail: '',
  contactPhone: '',
  startDate: '',
  endDate: '',
  currency: 'GTQ',
  ceiling: '',
  controlMode: 'stop',
  agreedAmount: '',
  active: true,
};

/** A saved cooperating as the form's values. */
export function toCooperatingValues(c: Cooperating): CooperatingValues {
  return {
    name: c.name,
    code: c.code,
    country: c.country,
    contactName: c.contactName ?? '',
    contactEmail: c.contactEmail ?? '',
    contactPhone: c.contactPhone ?? '',
    startDate: c.startDate,
    endDate: c.endDate,
    currency: c.currency,
    ceiling: c.ceiling,
    controlMode: c.controlMode,
    agreedAmount: c.agreedAmount ?? '',
    active: c.active,
  };
}

interface CooperatingFormProps {
  initialValues: CooperatingValues;
  onSubmit: (values: CooperatingValues) => Promise<unknown>;
  saving: boolean;
}

/**
 * A cooperating (funder, issue 13 section 2): who it is, its contact, and its agreement (period, currency,
 * ceiling in Q and, for USD and EUR, the amount agreed in that currency). Checked with the shared contract; the
 * server's refusals (a taken code, a ceiling below the items' total, a period that leaves transactions or
 * disbursements out, an agreed amount below what was received) land beside their fields.
 */
export function CooperatingForm({ initialValues, onSubmit, saving }: CooperatingFormProps) {
  const { t, i18n } = useTranslation('cooperating');
  const { form, submitWith } = useZodForm(cooperatingInput, initialValues);
  const submit = submitWith(onSubmit);
  const currency = form.getInputProps('currency');
  const foreign = form.values.currency !== 'GTQ';

  return (
    <DatesProvider settings={{ locale: i18n.language.startsWith('en') ? 'en' : 'es', firstDayOfWeek: 0 }}>
      <form onSubmit={submit} noValidate aria-label={t('cooperating:sections.funder')}>
        <Stack>
          <Paper withBorder p="lg">
            <Title order={2} size="h4" mb="md">
              {t('cooperating:sections.funder')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('cooperating:fields.name')} withAsterisk {...form.getInputProps('name')} />
              <TextInput label={t('cooperating:fields.code')} withAsterisk {...form.getInputProps('code')} />
              <TextInput
                label={t('cooperating:fields.country')}
                description={t('cooperating:fields.countryHint')}
                maxLength={2}
                withAsterisk
                {...form.getInputProps('country')}
              />
            </SimpleGrid>
            <Switch
              label={t('cooperating:fields.active')}
              mt="md"
              {...form.getInputProps('active', { type: 'checkbox' })}
            />
          </Paper>
          <Paper withBorder p="lg">
            <Title order={2} size="h4" mb="md">
              {t('cooperating:sections.contact')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput label={t('cooperating:fields.contactName')} {...form.getInputProps('contactName')} />
              <TextInput
                label={t('cooperating:fields.contactEmail')}
                type="email"
                {...form.getInputProps('contactEmail')}
              />
              <TextInput
                label={t('cooperating:fields.contactPhone')}
                type="tel"
                {...form.getInputProps('contactPhone')}
              />
            </SimpleGrid>
          </Paper>
          <Paper withBorder p="lg">
            <Title order={2} size="h4" mb="md">
              {t('cooperating:sections.agreement')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <DateInput
                label={t('cooperating:fields.startDate')}
                valueFormat="YYYY-MM-DD"
                withAsterisk
                {...form.getInputProps('startDate')}
              />
              <DateInput
                label={t('cooperating:fields.endDate')}
                valueFormat="YYYY-MM-DD"
                withAsterisk
                minDate={
                  typeof form.values.startDate === 'string' && form.values.startDate ? form.values.startDate : undefined
                }
                {...form.getInputProps('endDate')}
              />
              <Select
                label={t('cooperating:fields.currency')}
                data={CURRENCIES.map((value) => ({ value, label: t(`cooperating:currencies.${value}`) }))}
                allowDeselect={false}
                withAsterisk
                {...currency}
                onChange={(value) => {
                  currency.onChange(value);
                  // A GTQ agreement has no agreed amount (its ceiling says it in Q): a hidden value is not sent.
                  if (value === 'GTQ') form.setFieldValue('agreedAmount', '');
                }}
              />
              <TextInput
                label={t('cooperating:fields.ceiling')}
                description={t('cooperating:fields.ceilingHint')}
                leftSection={t('cooperating:moneyPrefix')}
                inputMode="decimal"
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                withAsterisk
                {...form.getInputProps('ceiling')}
              />
              <Select
                label={t('cooperating:fields.controlMode')}
                description={t('cooperating:fields.controlModeHint')}
                data={CONTROL_MODES.map((value) => ({ value, label: t(`cooperating:controlModes.${value}`) }))}
                allowDeselect={false}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                withAsterisk
                {...form.getInputProps('controlMode')}
              />
              {foreign && (
                <TextInput
                  label={t('cooperating:fields.agreedAmount', { currency: form.values.currency })}
                  description={t('cooperating:fields.agreedAmountHint')}
                  leftSection={String(form.values.currency)}
                  leftSectionWidth={52}
                  inputMode="decimal"
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  {...form.getInputProps('agreedAmount')}
                />
              )}
            </SimpleGrid>
          </Paper>
          <Group justify="flex-end">
            <ButtonLink to="/configuration/cooperating/list" variant="default">
              {t('common:actions.cancel')}
            </ButtonLink>
            <Button type="submit" loading={saving}>
              {t('common:actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </DatesProvider>
  );
}

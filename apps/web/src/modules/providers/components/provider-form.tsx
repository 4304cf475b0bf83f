import type { ReactNode } from 'react';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Switch, Textarea, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { providerInput, TAX_REGIMES } from '@amparo/shared/modules/providers.schema';
import { useZodForm } from '../../../shared/hooks/use-zod-form';
import { translateFieldError } from '../../../shared/lib/server-errors';
import { ButtonLink } from '../../../shared/ui/router-links/button-link';
import { ProviderFormLocation } from './provider-form-location';
import { DEFAULT_COUNTRY, type ProviderFormOutput, type ProviderFormValues } from './provider-form-values';
import { PhonesField } from '../../../shared/ui/phones-field';

interface ProviderFormProps {
  /** The form's accessible name (the page's title). */
  label: string;
  initialValues: ProviderFormValues;
  onSubmit: (values: ProviderFormOutput) => Promise<unknown>;
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

/**
 * A provider (issue 26 section 1): who it is for SAT (name, NIT, tax regime, retention), where it is, whom to
 * call and where to pay it. Checked with the shared contract; the server's refusals (a NIT already registered,
 * a municipality outside its department) land beside their fields.
 */
export function ProviderForm({ label, initialValues, onSubmit, saving }: ProviderFormProps) {
  const { t } = useTranslation('providers');
  const { form, submitWith } = useZodForm<ProviderFormValues, ProviderFormOutput>(providerInput, initialValues, {
    validate: (values, messages) => {
      const required = translateFieldError(t, { code: 'required' });
      // An empty choice is 'invalid' for the contract; to the user it is simply missing.
      if (!values.taxRegime) messages.taxRegime = required;
      // Zod skips the contract's cross-field rules while any single field fails: flag them with the rest.
      if (values.country === DEFAULT_COUNTRY && !values.state) messages.state ??= required;
      if (values.town && values.state && !values.town.startsWith(values.state))
        messages.town ??= translateFieldError(t, { code: 'municipality_not_in_department' });
      return messages;
    },
    transformValues: (values) => providerInput.parse(values),
  });
  const submit = submitWith(onSubmit);

  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Stack>
        <Section title={t('providers:sections.provider')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('providers:fields.name')}
              withAsterisk
              maxLength={200}
              {...form.getInputProps('name')}
            />
            <TextInput label={t('providers:fields.tradeName')} maxLength={200} {...form.getInputProps('tradeName')} />
            <TextInput
              label={t('providers:fields.nit')}
              description={t('providers:fields.nitHint')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              withAsterisk
              maxLength={20}
              autoComplete="off"
              {...form.getInputProps('nit')}
            />
            <Select
              label={t('providers:fields.taxRegime')}
              data={TAX_REGIMES.map((value) => ({ value, label: t(`providers:taxRegimes.${value}`) }))}
              allowDeselect={false}
              withAsterisk
              {...form.getInputProps('taxRegime')}
            />
          </SimpleGrid>
          <Stack gap="sm" mt="md">
            <Switch
              label={t('providers:fields.hasRetention')}
              description={t('providers:fields.hasRetentionHint')}
              {...form.getInputProps('hasRetention', { type: 'checkbox' })}
            />
            <Switch label={t('providers:fields.active')} {...form.getInputProps('active', { type: 'checkbox' })} />
          </Stack>
        </Section>
        <Section title={t('providers:sections.location')}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <ProviderFormLocation form={form} />
          </SimpleGrid>
          <Textarea
            label={t('providers:fields.address')}
            autosize
            minRows={2}
            maxLength={250}
            mt="md"
            {...form.getInputProps('address')}
          />
        </Section>
        <Section title={t('providers:sections.contact')}>
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('providers:fields.contactName')}
                maxLength={120}
                {...form.getInputProps('contactName')}
              />
              <TextInput
                label={t('providers:fields.email')}
                type="email"
                maxLength={254}
                {...form.getInputProps('email')}
              />
            </SimpleGrid>
            <PhonesField form={form} label={t('providers:fields.phones')} max={3} />
          </Stack>
        </Section>
        <Section title={t('providers:sections.bank')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('providers:fields.bankName')} maxLength={100} {...form.getInputProps('bankName')} />
            <TextInput
              label={t('providers:fields.bankAccount')}
              maxLength={40}
              {...form.getInputProps('bankAccount')}
            />
          </SimpleGrid>
        </Section>
        <Group justify="flex-end">
          <ButtonLink to="/configuration/providers/list" variant="default">
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

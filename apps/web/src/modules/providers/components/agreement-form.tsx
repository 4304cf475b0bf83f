import type { ReactNode } from 'react';
import { Button, Group, Paper, SimpleGrid, Stack, Switch, Textarea, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { agreementInput } from '@amparo/shared/modules/framework-agreements.schema';
import { useZodForm } from '../../../shared/hooks/use-zod-form';
import { translateFieldError } from '../../../shared/lib/server-errors';
import { DateField } from '../../../shared/ui/date-field';
import { ButtonLink } from '../../../shared/ui/router-links/button-link';
import { AgreementItemsEditor } from './agreement-items-editor';
import type { AgreementFormOutput, AgreementFormValues } from './agreement-form-values';

interface AgreementFormProps {
  providerId: string;
  /** The form's accessible name (the page's title). */
  label: string;
  initialValues: AgreementFormValues;
  onSubmit: (values: AgreementFormOutput) => Promise<unknown>;
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

/** The contract's key of an item: the same description and unit, whatever the case, is the same item. */
const itemKey = (description: string, unit: string) =>
  `${description.trim().toLocaleLowerCase('es')}\u0000${unit.trim().toLocaleLowerCase('es')}`;

/**
 * A framework agreement of a provider (issue 26 section 1): its reference as signed, its validity (both days
 * included) and its items with their unit price in Q, IVA included. Checked with the shared contract; the
 * server's refusals (an item twice, a price of zero) land beside their cells.
 */
export function AgreementForm({ providerId, label, initialValues, onSubmit, saving }: AgreementFormProps) {
  const { t } = useTranslation('providers');
  const { form, submitWith } = useZodForm<AgreementFormValues, AgreementFormOutput>(agreementInput, initialValues, {
    validate: (values, messages) => {
      // Zod skips the contract's cross-field rules while any single field fails: flag them with the rest.
      if (values.validFrom && values.validUntil && values.validUntil < values.validFrom)
        messages.validUntil ??= translateFieldError(t, { code: 'agreement_dates_order' });
      const seen = new Set<string>();
      values.items.forEach((item, i) => {
        if (!item.description.trim() || !item.unit.trim()) return;
        const key = itemKey(item.description, item.unit);
        if (seen.has(key)) messages[`items.${i}.description`] ??= translateFieldError(t, { code: 'duplicate' });
        seen.add(key);
      });
      return messages;
    },
    transformValues: (values) => agreementInput.parse(values),
  });
  const submit = submitWith(onSubmit);
  const dateProps = (field: 'validFrom' | 'validUntil') => ({
    ...form.getInputProps(field),
    value: form.values[field],
    onChange: (v: string | null) => form.setFieldValue(field, v),
  });

  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Stack>
        <Section title={t('providers:agreements.sections.agreement')}>
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                label={t('providers:agreements.fields.reference')}
                description={t('providers:agreements.fields.referenceHint')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                withAsterisk
                maxLength={60}
                {...form.getInputProps('reference')}
              />
              <DateField
                label={t('providers:agreements.fields.validFrom')}
                withAsterisk
                clearable={false}
                {...dateProps('validFrom')}
              />
              <DateField
                label={t('providers:agreements.fields.validUntil')}
                withAsterisk
                clearable={false}
                {...dateProps('validUntil')}
              />
            </SimpleGrid>
            <Textarea
              label={t('providers:agreements.fields.description')}
              autosize
              minRows={2}
              maxLength={500}
              {...form.getInputProps('description')}
            />
            <Switch
              label={t('providers:agreements.fields.active')}
              description={t('providers:agreements.fields.activeHint')}
              {...form.getInputProps('active', { type: 'checkbox' })}
            />
          </Stack>
        </Section>
        <Section title={t('providers:agreements.sections.items')}>
          <AgreementItemsEditor form={form} />
        </Section>
        <Group justify="flex-end">
          <ButtonLink to="/configuration/providers/$id/agreements" params={{ id: providerId }} variant="default">
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

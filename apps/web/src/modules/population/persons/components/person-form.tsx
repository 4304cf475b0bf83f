import type { ReactNode } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import 'dayjs/locale/es';
import { personCreate, personUpdate, type Person } from '@amparo/shared/modules/population.schema';
import { useZodForm } from '../../../../shared/hooks/use-zod-form';
import { translateFieldError } from '../../../../shared/lib/server-errors';
import { FormSection } from '../../shared/components/form-section';
import { PersonFormIdentity } from './person-form-identity';
import { PersonFormDemographics } from './person-form-demographics';
import { PersonFormLocation } from './person-form-location';
import { PersonFormHealth } from './person-form-health';
import { PhonesField } from '../../../../shared/ui/phones-field';
import { PersonFormCase, PersonFormCaseNotes } from './person-form-case';
import {
  DEFAULT_COUNTRY,
  emptyPersonValues,
  RELATED_FIELDS,
  toPersonFormValues,
  type PersonFormApi,
  type PersonFormOutput,
  type PersonFormValues,
} from './person-form-values';

interface PersonFormProps {
  /** The saved person when editing; absent when adding. */
  person?: Person;
  submitting: boolean;
  /** Receives the values parsed by the contract (trimmed, '' → null). */
  onSubmit: (values: PersonFormOutput, form: PersonFormApi) => void;
  onCancel: () => void;
  /** Shown above the buttons (e.g. a version-conflict alert). */
  notice?: ReactNode;
}

/** The person form, used by add and edit: every field of `personCreate`, in sections. */
export function PersonForm({ person, submitting, onSubmit, onCancel, notice }: PersonFormProps) {
  const { t, i18n } = useTranslation('population');
  const schema = person ? personUpdate : personCreate;

  // Spec section 5: validation on blur, change and input, with the same zod contract as the server.
  const { form } = useZodForm<PersonFormValues, PersonFormOutput>(
    schema,
    person ? toPersonFormValues(person) : emptyPersonValues(),
    {
      validate: (values, errors) => {
        const required = translateFieldError(t, { code: 'required' });
        // An empty date is 'invalid' for the contract; to the user it is simply missing.
        if (!values.admissionDate) errors.admissionDate = required;
        // Zod skips the contract's cross-field rules while any single field fails, so on a
        // first submit these two would only show up on the second try; flag them together.
        if (!values.birthDate && values.age === '')
          errors.birthDate ??= translateFieldError(t, { code: 'birth_date_or_age' });
        if (values.country === DEFAULT_COUNTRY && !values.state) errors.state ??= required;
        return errors;
      },
      transformValues: (values) => schema.parse(values),
      onValuesChange: (values, previous) => {
        for (const [field, related] of Object.entries(RELATED_FIELDS)) {
          if (values[field as keyof PersonFormValues] === previous[field as keyof PersonFormValues]) continue;
          for (const other of related) if (form.errors[other]) form.validateField(other);
        }
      },
    },
  );

  const handleSubmit = form.onSubmit(
    (values) => onSubmit(values, form),
    (errors) => {
      notifications.show({ color: 'red', message: t('errors:problem.validation') });
      // Bring the first wrong field into view (the form is long).
      const first = Object.keys(errors)[0];
      if (first) form.getInputNode(first)?.focus();
    },
  );

  return (
    <DatesProvider settings={{ locale: i18n.language.startsWith('en') ? 'en' : 'es', firstDayOfWeek: 0 }}>
      <form onSubmit={handleSubmit} noValidate aria-label={person ? t('form.title_edit') : t('form.title_add')}>
        <Stack gap="lg">
          <FormSection title={t('sections.identity')}>
            <PersonFormIdentity form={form} savedAgeGroup={person?.ageGroup} />
          </FormSection>
          <FormSection title={t('sections.demographics')}>
            <PersonFormDemographics form={form} />
          </FormSection>
          <FormSection title={t('sections.location')}>
            <PersonFormLocation form={form} />
          </FormSection>
          <FormSection
            title={t('sections.health')}
            extra={<PhonesField form={form} label={t('population:fields.phones')} max={5} />}
          >
            <PersonFormHealth form={form} />
          </FormSection>
          <FormSection title={t('sections.case')} extra={<PersonFormCaseNotes form={form} />}>
            <PersonFormCase form={form} />
          </FormSection>
          {notice}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={submitting}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={submitting}>
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </DatesProvider>
  );
}

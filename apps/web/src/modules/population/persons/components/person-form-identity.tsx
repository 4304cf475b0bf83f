import { NumberInput, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { ageFromBirthDate, todayInGuatemala } from '@amparo/shared/format';
import { useCatalog } from '../../../../shared/hooks/use-catalog';
import type { PersonFormApi } from './person-form-values';

interface Props {
  form: PersonFormApi;
  /** Age group the server derived when the person was last saved (edit only). */
  savedAgeGroup?: string | null;
}

export function PersonFormIdentity({ form, savedAgeGroup }: Props) {
  const { t } = useTranslation('population');
  const ageGroups = useCatalog('age_group');
  const { birthDate } = form.values;
  const derivedAge = ageFromBirthDate(birthDate);
  // The group is derived on the server from the saved age; once the age changes it is only known after saving.
  const ageChanged = form.isDirty('birthDate') || form.isDirty('age');
  const ageGroupText = savedAgeGroup && !ageChanged ? (ageGroups.labelOf(savedAgeGroup) ?? '') : '';

  return (
    <>
      <TextInput
        label={t('fields.names')}
        withAsterisk
        maxLength={100}
        autoComplete="off"
        {...form.getInputProps('names')}
      />
      <TextInput
        label={t('fields.lastNames')}
        withAsterisk
        maxLength={100}
        autoComplete="off"
        {...form.getInputProps('lastNames')}
      />
      <TextInput label={t('fields.alias')} maxLength={60} autoComplete="off" {...form.getInputProps('alias')} />
      <DateInput
        label={t('fields.birthDate')}
        description={derivedAge !== null ? t('help.derived_age', { count: derivedAge }) : t('help.birth_date')}
        valueFormat="YYYY-MM-DD"
        placeholder={t('common.date_placeholder')}
        maxDate={todayInGuatemala()}
        clearable
        {...form.getInputProps('birthDate')}
        onChange={(value) => {
          form.setFieldValue('birthDate', value);
          // A known birth date wins over an estimated age.
          if (value) form.setFieldValue('age', '');
        }}
      />
      <NumberInput
        label={t('fields.age')}
        description={t('help.age')}
        min={0}
        max={120}
        allowDecimal={false}
        allowNegative={false}
        disabled={!!birthDate}
        {...form.getInputProps('age')}
      />
      <TextInput
        label={t('fields.ageGroup')}
        readOnly
        variant="filled"
        value={ageGroupText}
        placeholder={t('help.age_group_on_save')}
        description={t('help.age_group')}
      />
    </>
  );
}

import { Textarea, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { todayInGuatemala } from '@amparo/shared/format';
import { CatalogSelect } from '../../shared/components/catalog-select';
import { CatalogMultiSelect } from '../../shared/components/catalog-multi-select';
import type { PersonFormApi } from './person-form-values';

export function PersonFormCase({ form }: { form: PersonFormApi }) {
  const { t } = useTranslation('population');
  const { admissionDate } = form.values;
  return (
    <>
      <CatalogMultiSelect
        catalog="thematic"
        label={t('fields.thematic')}
        withAsterisk
        {...form.getInputProps('thematic')}
      />
      <CatalogSelect
        catalog="bond"
        label={t('fields.bond')}
        description={t('help.bond')}
        {...form.getInputProps('bond')}
      />
      <CatalogSelect
        catalog="bond"
        label={t('fields.perpetrator')}
        description={t('help.perpetrator')}
        {...form.getInputProps('perpetrator')}
      />
      <DateInput
        label={t('fields.admissionDate')}
        withAsterisk
        valueFormat="YYYY-MM-DD"
        placeholder={t('common.date_placeholder')}
        maxDate={todayInGuatemala()}
        {...form.getInputProps('admissionDate')}
      />
      <CatalogSelect catalog="referrer" label={t('fields.referrer')} {...form.getInputProps('referrer')} />
      <TextInput label={t('fields.court')} maxLength={150} {...form.getInputProps('court')} />
      <CatalogSelect catalog="headquarter" label={t('fields.headquarterId')} {...form.getInputProps('headquarterId')} />
      <TextInput label={t('fields.externalFileNumber')} maxLength={40} {...form.getInputProps('externalFileNumber')} />
      <DateInput
        label={t('fields.departureDate')}
        description={t('help.departure_date')}
        valueFormat="YYYY-MM-DD"
        placeholder={t('common.date_placeholder')}
        minDate={admissionDate ?? undefined}
        clearable
        {...form.getInputProps('departureDate')}
      />
      <CatalogSelect
        catalog="departure_reason_person"
        label={t('fields.departureReason')}
        description={t('help.departure_reason')}
        {...form.getInputProps('departureReason')}
      />
    </>
  );
}

/** Long texts of the case, full width under the grid. */
export function PersonFormCaseNotes({ form }: { form: PersonFormApi }) {
  const { t } = useTranslation('population');
  return (
    <>
      <Textarea
        label={t('fields.admissionReason')}
        autosize
        minRows={2}
        maxRows={8}
        maxLength={1000}
        {...form.getInputProps('admissionReason')}
      />
      <Textarea
        label={t('fields.departureNote')}
        autosize
        minRows={2}
        maxRows={8}
        maxLength={1000}
        {...form.getInputProps('departureNote')}
      />
    </>
  );
}

import { useMemo } from 'react';
import { Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CatalogSelect } from '../../shared/components/catalog-select';
import { DEFAULT_COUNTRY, type PersonFormApi } from './person-form-values';

/**
 * Countries offered for residence: Guatemala, its neighbours and the usual
 * migration routes. Names come from the browser (Intl), so no list to translate.
 */
const COUNTRIES = [
  'GT',
  'SV',
  'HN',
  'NI',
  'CR',
  'PA',
  'BZ',
  'MX',
  'US',
  'CA',
  'CO',
  'VE',
  'EC',
  'PE',
  'CU',
  'DO',
  'HT',
  'ES',
];

export function PersonFormLocation({ form }: { form: PersonFormApi }) {
  const { t, i18n } = useTranslation('population');
  const { country, state } = form.values;
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    const codes = COUNTRIES.includes(country) || !country ? COUNTRIES : [...COUNTRIES, country];
    return codes.map((code) => ({ value: code, label: `${code} - ${names.of(code) ?? code}` }));
  }, [i18n.language, country]);
  // Departments and municipalities are INE codes, so they only apply in Guatemala.
  const inGuatemala = country === DEFAULT_COUNTRY;

  return (
    <>
      <Select
        label={t('fields.country')}
        withAsterisk
        searchable
        data={countries}
        {...form.getInputProps('country')}
        onChange={(value) => {
          form.setFieldValue('country', value ?? DEFAULT_COUNTRY);
          if (value !== DEFAULT_COUNTRY) {
            form.setFieldValue('state', null);
            form.setFieldValue('town', null);
          }
        }}
      />
      <CatalogSelect
        catalog="department"
        label={t('fields.state')}
        withAsterisk={inGuatemala}
        disabled={!inGuatemala}
        {...form.getInputProps('state')}
        onChange={(value) => {
          // The municipality list follows the department: a municipality of another department is never kept.
          if (value !== form.values.state) form.setFieldValue('town', null);
          form.setFieldValue('state', value);
        }}
      />
      <CatalogSelect
        catalog="municipality"
        parent={state ?? undefined}
        label={t('fields.town')}
        disabled={!state}
        placeholder={state ? undefined : t('help.town_needs_state')}
        {...form.getInputProps('town')}
      />
      <TextInput label={t('fields.community')} maxLength={120} {...form.getInputProps('community')} />
    </>
  );
}

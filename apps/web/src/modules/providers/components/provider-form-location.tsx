import { useMemo } from 'react';
import { Select, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useCatalog } from '../../../shared/hooks/use-catalog';
import { DEFAULT_COUNTRY, type ProviderFormOutput, type ProviderFormValues } from './provider-form-values';

/**
 * Countries offered: Guatemala, its neighbours and the usual trade partners. Names come from the browser (Intl),
 * so no list to translate; a saved provider's other country is kept in the list.
 */
const COUNTRIES = ['GT', 'SV', 'HN', 'NI', 'CR', 'PA', 'BZ', 'MX', 'US', 'CA', 'CO', 'PE', 'DO', 'ES', 'DE'];

/**
 * Where the provider is: in Guatemala its department and municipality from the INE geography (the municipality
 * list follows the department, so a municipality of another department is never kept); abroad, a city as text.
 */
export function ProviderFormLocation({ form }: { form: UseFormReturnType<ProviderFormValues, ProviderFormOutput> }) {
  const { t, i18n } = useTranslation('providers');
  const { country, state } = form.values;
  const inGuatemala = country === DEFAULT_COUNTRY;
  const departments = useCatalog('department', { enabled: inGuatemala });
  const municipalities = useCatalog('municipality', { parent: state ?? undefined, enabled: inGuatemala && !!state });
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    const codes = COUNTRIES.includes(country) || !country ? COUNTRIES : [...COUNTRIES, country];
    return codes.map((code) => ({ value: code, label: `${code} - ${names.of(code) ?? code}` }));
  }, [i18n.language, country]);

  return (
    <>
      <Select
        label={t('providers:fields.country')}
        withAsterisk
        searchable
        allowDeselect={false}
        data={countries}
        nothingFoundMessage={t('common:status.empty')}
        {...form.getInputProps('country')}
        onChange={(value) => {
          const next = value ?? DEFAULT_COUNTRY;
          form.setFieldValue('country', next);
          // Departments and municipalities are Guatemala's; a city is asked for elsewhere only.
          if (next === DEFAULT_COUNTRY) form.setFieldValue('city', '');
          else {
            form.setFieldValue('state', null);
            form.setFieldValue('town', null);
          }
        }}
      />
      {inGuatemala ? (
        <>
          <Select
            label={t('providers:fields.state')}
            withAsterisk
            searchable
            clearable
            data={departments.data}
            placeholder={departments.isLoading ? t('common:status.loading') : undefined}
            nothingFoundMessage={t('common:status.empty')}
            {...form.getInputProps('state')}
            onChange={(value) => {
              if (value !== form.values.state) form.setFieldValue('town', null);
              form.setFieldValue('state', value);
            }}
          />
          <Select
            label={t('providers:fields.town')}
            searchable
            clearable
            disabled={!state}
            data={municipalities.data}
            placeholder={
              !state
                ? t('providers:fields.townNeedsState')
                : municipalities.isLoading
                  ? t('common:status.loading')
                  : undefined
            }
            nothingFoundMessage={t('common:status.empty')}
            {...form.getInputProps('town')}
          />
        </>
      ) : (
        <TextInput label={t('providers:fields.city')} maxLength={120} {...form.getInputProps('city')} />
      )}
    </>
  );
}

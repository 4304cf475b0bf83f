import { NumberInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CatalogSelect } from '../../shared/components/catalog-select';
import type { PersonFormApi } from './person-form-values';

/** The contract accepts up to five phone numbers. */

export function PersonFormHealth({ form }: { form: PersonFormApi }) {
  const { t } = useTranslation('population');
  return (
    <>
      <NumberInput
        label={t('fields.weightLbs')}
        min={0}
        max={800}
        decimalScale={2}
        allowNegative={false}
        {...form.getInputProps('weightLbs')}
      />
      <NumberInput
        label={t('fields.heightM')}
        min={0}
        max={3}
        step={0.01}
        decimalScale={2}
        allowNegative={false}
        {...form.getInputProps('heightM')}
      />
      <CatalogSelect catalog="blood_type" label={t('fields.bloodType')} {...form.getInputProps('bloodType')} />
    </>
  );
}

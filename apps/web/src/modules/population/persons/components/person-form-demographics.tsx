import { useTranslation } from 'react-i18next';
import { CatalogSelect } from '../../shared/components/catalog-select';
import { YesNoSelect } from '../../shared/components/yes-no-select';
import type { PersonFormApi } from './person-form-values';

/** Catalog code of 'female' in the sex catalog; pregnancy only applies then (contract rule). */
const FEMALE = 'F';

export function PersonFormDemographics({ form }: { form: PersonFormApi }) {
  const { t } = useTranslation('population');
  const isFemale = form.values.sex === FEMALE;
  return (
    <>
      <CatalogSelect
        catalog="sex"
        label={t('fields.sex')}
        withAsterisk
        clearable={false}
        {...form.getInputProps('sex')}
        onChange={(value) => {
          form.setFieldValue('sex', value);
          if (value !== FEMALE) form.setFieldValue('pregnancy', null);
        }}
      />
      <CatalogSelect catalog="civil_status" label={t('fields.civilStatus')} {...form.getInputProps('civilStatus')} />
      <CatalogSelect
        catalog="sexual_orientation"
        label={t('fields.sexualOrientation')}
        {...form.getInputProps('sexualOrientation')}
      />
      <CatalogSelect catalog="nationality" label={t('fields.nationality')} {...form.getInputProps('nationality')} />
      <CatalogSelect catalog="ethnic_group" label={t('fields.ethnicGroup')} {...form.getInputProps('ethnicGroup')} />
      <CatalogSelect
        catalog="linguistic_community"
        label={t('fields.linguisticCommunity')}
        {...form.getInputProps('linguisticCommunity')}
      />
      <CatalogSelect
        catalog="academic_degree"
        label={t('fields.academicDegree')}
        {...form.getInputProps('academicDegree')}
      />
      <YesNoSelect
        label={t('fields.knowsRead')}
        {...form.getInputProps('knowsRead')}
        onChange={(value) => {
          form.setFieldValue('knowsRead', value);
          // Writing without reading is not a valid answer (contract rule).
          if (value !== true && form.values.knowsWrite)
            form.setFieldValue('knowsWrite', value === false ? false : null);
        }}
      />
      <YesNoSelect
        label={t('fields.knowsWrite')}
        description={t('help.knows_write')}
        {...form.getInputProps('knowsWrite')}
      />
      <CatalogSelect catalog="disability" label={t('fields.disability')} {...form.getInputProps('disability')} />
      <YesNoSelect
        label={t('fields.pregnancy')}
        description={isFemale ? undefined : t('help.pregnancy')}
        disabled={!isFemale}
        {...form.getInputProps('pregnancy')}
      />
    </>
  );
}

import { MultiSelect, type MultiSelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCatalog } from '../../../../shared/hooks/use-catalog';

// Its own file: the lists' filters use only `CatalogSelect`, and MultiSelect stays out of their first load.
interface CatalogMultiSelectProps extends Omit<MultiSelectProps, 'data'> {
  catalog: string;
}

/** A MultiSelect fed by a catalog ('code - cname' labels, spec section 3). */
export function CatalogMultiSelect({ catalog, ...props }: CatalogMultiSelectProps) {
  const { t } = useTranslation('population');
  const options = useCatalog(catalog);
  return (
    <MultiSelect searchable clearable nothingFoundMessage={t('common.nothing_found')} {...props} data={options.data} />
  );
}

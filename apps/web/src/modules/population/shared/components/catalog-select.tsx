import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCatalog } from '../../../../shared/hooks/use-catalog';

interface CatalogSelectProps extends Omit<SelectProps, 'data'> {
  catalog: string;
  parent?: string;
}

/** A Select fed by a catalog ('code - cname' labels, spec section 3). */
export function CatalogSelect({ catalog, parent, disabled, ...props }: CatalogSelectProps) {
  const { t } = useTranslation('population');
  const options = useCatalog(catalog, { parent, enabled: !disabled });
  return (
    <Select
      searchable
      clearable
      nothingFoundMessage={t('common.nothing_found')}
      {...props}
      disabled={disabled}
      data={options.data}
      placeholder={options.isLoading ? t('common.loading') : props.placeholder}
    />
  );
}

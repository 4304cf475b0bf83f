import type { SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCatalog } from '../../../../shared/hooks/use-catalog';

export interface CatalogSelectProps extends Omit<SelectProps, 'data'> {
  catalog: string;
  parent?: string;
}

/**
 * The props of a Select fed by a catalog ('code - cname' labels, spec section 3): searchable, clearable, its
 * options, and "loading" as placeholder while they load. A disabled one does not fetch its catalog.
 */
export function useCatalogSelectProps({ catalog, parent, disabled, ...props }: CatalogSelectProps): SelectProps {
  const { t } = useTranslation('population');
  const options = useCatalog(catalog, { parent, enabled: !disabled });
  return {
    searchable: true,
    clearable: true,
    nothingFoundMessage: t('common.nothing_found'),
    ...props,
    disabled,
    data: options.data,
    placeholder: options.isLoading ? t('common.loading') : props.placeholder,
  };
}

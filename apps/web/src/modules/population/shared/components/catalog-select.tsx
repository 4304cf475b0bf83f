import { Select } from '@mantine/core';
import { useCatalogSelectProps, type CatalogSelectProps } from './catalog-select-props';

/** A Select fed by a catalog ('code - cname' labels, spec section 3), for forms. */
export function CatalogSelect(props: CatalogSelectProps) {
  return <Select {...useCatalogSelectProps(props)} />;
}

import { LazySelect } from '../../../../shared/ui/lazy-select/lazy-select';
import { useCatalogSelectProps, type CatalogSelectProps } from './catalog-select-props';

/**
 * A list's filter fed by a catalog: CatalogSelect's options in a LazySelect, so Mantine's Select stays out of the
 * list's first load (issue 24 section 4). Its own file, so a list does not import the forms' Select.
 */
export function CatalogFilter(props: CatalogSelectProps) {
  return <LazySelect {...useCatalogSelectProps(props)} />;
}

import { CATALOG_NAMES, type CatalogName } from '@amparo/shared/modules/catalog-names';

/** `?catalog=` keeps the chosen catalog across reloads and links. */
export function catalogSearch(search: Record<string, unknown>): { catalog: CatalogName } {
  const value = search.catalog;
  return { catalog: (CATALOG_NAMES as readonly unknown[]).includes(value) ? (value as CatalogName) : CATALOG_NAMES[0] };
}

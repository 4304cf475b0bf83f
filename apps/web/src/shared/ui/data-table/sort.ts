/** A value a column sorts on: its `text`. */
export type SortValue = string | number | null | undefined;

/**
 * The rows in a column's order, for a table sorted in the browser (all its rows are on the page): numbers by value,
 * text by the language's collation with digits read as numbers ('Lote 2' before 'Lote 10', 'Ávila' beside
 * 'Avila', case aside). Empty values go last in either order; equal values keep their order.
 */
export function sortRows<T>(
  rows: readonly T[],
  valueOf: (row: T) => SortValue,
  order: 'asc' | 'desc',
  language: string,
): T[] {
  const collator = new Intl.Collator(language, { numeric: true, sensitivity: 'base' });
  const sign = order === 'asc' ? 1 : -1;
  return rows
    .map((row) => ({ row, value: valueOf(row) }))
    .sort((a, b) => {
      const emptyA = a.value === null || a.value === undefined || a.value === '';
      const emptyB = b.value === null || b.value === undefined || b.value === '';
      if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? 1 : -1;
      const diff =
        typeof a.value === 'number' && typeof b.value === 'number'
          ? a.value - b.value
          : collator.compare(String(a.value), String(b.value));
      return sign * diff;
    })
    .map(({ row }) => row);
}

/** A header's next local sort: its first order, then the other, then none (as the rows came). */
export function nextLocalSort(
  current: { id: string; order: 'asc' | 'desc' } | null,
  id: string,
  first: 'asc' | 'desc',
): { id: string; order: 'asc' | 'desc' } | null {
  if (current?.id !== id) return { id, order: first };
  if (current.order === first) return { id, order: first === 'asc' ? 'desc' : 'asc' };
  return null;
}

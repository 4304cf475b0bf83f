import { ListFooter } from './list-footer';
import { SortSelects } from './sort-selects';

interface Props<S extends string> {
  /** The list's page and sort as the URL holds them. */
  search: { page: number; pageSize: number; sort: S; order: 'asc' | 'desc' };
  /** The loaded page's counts; absent while the first page loads. */
  data: { total: number; totalCapped: boolean } | undefined;
  pageSizes: readonly number[];
  sorts: readonly S[];
  sortLabel: (sort: S) => string;
  /** The list's own words for its total, given '1,234' or '200+' and the count (plural). */
  totalLabel: (total: string, count: number) => string;
  /** Changes the URL; a page change keeps the page (`resetPage` false), everything else goes back to page 1. */
  update: (patch: { page?: number; pageSize?: number; sort?: S; order?: 'asc' | 'desc' }, resetPage?: boolean) => void;
}

/** The footer of a server-paged, sortable list kept in the URL (persons, tickets): `ListFooter` with its sort selects. */
export function SortedListFooter<S extends string>({
  search,
  data,
  pageSizes,
  sorts,
  sortLabel,
  totalLabel,
  update,
}: Props<S>) {
  return (
    <ListFooter
      data={data}
      page={search.page}
      pageSize={search.pageSize}
      pageSizes={pageSizes}
      onPage={(page) => update({ page }, false)}
      onPageSize={(pageSize) => update({ pageSize })}
      totalLabel={totalLabel}
    >
      <SortSelects
        sorts={sorts}
        sortLabel={sortLabel}
        sort={search.sort}
        order={search.order}
        onChange={(patch) => update(patch)}
        size="xs"
      />
    </ListFooter>
  );
}

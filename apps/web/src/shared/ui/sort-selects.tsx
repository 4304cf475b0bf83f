import type { MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LazySelect } from './lazy-select/lazy-select';

/**
 * A list's "Sort by" and "Order" selects (persons, documents, tickets): the
 * list's sort keys labelled by the caller, the direction from `common`.
 */
export function SortSelects<S extends string>({
  sorts,
  sortLabel,
  sort,
  order,
  onChange,
  size,
  widths = [180, 140],
}: {
  sorts: readonly S[];
  sortLabel: (sort: S) => string;
  sort: S;
  order: 'asc' | 'desc';
  onChange: (patch: { sort?: S; order?: 'asc' | 'desc' }) => void;
  size?: MantineSize;
  widths?: readonly [number, number];
}) {
  const { t } = useTranslation('common');
  return (
    <>
      <LazySelect
        label={t('sorting.by')}
        size={size}
        w={widths[0]}
        allowDeselect={false}
        data={sorts.map((s) => ({ value: s, label: sortLabel(s) }))}
        value={sort}
        onChange={(v) => v && onChange({ sort: v as S })}
      />
      <LazySelect
        label={t('sorting.order')}
        size={size}
        w={widths[1]}
        allowDeselect={false}
        data={[
          { value: 'asc', label: t('sorting.asc') },
          { value: 'desc', label: t('sorting.desc') },
        ]}
        value={order}
        onChange={(v) => v && onChange({ order: v as 'asc' | 'desc' })}
      />
    </>
  );
}

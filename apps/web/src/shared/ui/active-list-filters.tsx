import { Group, SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ItemAge } from '@amparo/shared/validation';
import { ItemAgeSelect } from './item-age-select';
import { SearchBox } from './search-box';

export const ACTIVE_FILTERS = ['all', 'active', 'inactive'] as const;
export type ActiveFilter = (typeof ACTIVE_FILTERS)[number];

export interface ActiveListFiltersProps {
  q: string | undefined;
  active: ActiveFilter;
  age: ItemAge | undefined;
  /** What the search looks in ('Nombre o código'). */
  searchPlaceholder: string;
  /** One filter changed; the page goes back to its first page. */
  onChange: (patch: { q?: string | undefined; active?: ActiveFilter; age?: ItemAge | undefined }) => void;
}

/**
 * The filters of a list of records that are deactivated rather than deleted (users, cooperating): a search, all /
 * active / inactive, and the age of the item (spec section 9).
 */
export function ActiveListFilters({ q, active, age, searchPlaceholder, onChange }: ActiveListFiltersProps) {
  const { t } = useTranslation();
  return (
    <Group align="flex-start" wrap="wrap">
      <SearchBox
        value={q}
        onSearch={(value) => onChange({ q: value })}
        label={t('common:actions.search')}
        placeholder={searchPlaceholder}
        clearLabel={t('common:actions.clear')}
      />
      <SegmentedControl
        mt={25}
        aria-label={t('common:activeFilter.label')}
        value={active}
        onChange={(value) => onChange({ active: value as ActiveFilter })}
        data={ACTIVE_FILTERS.map((value) => ({ value, label: t(`common:activeFilter.${value}`) }))}
      />
      <ItemAgeSelect value={age} onChange={(value) => onChange({ age: value })} />
    </Group>
  );
}

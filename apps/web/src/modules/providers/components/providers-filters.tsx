import { Group, SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ACTIVE_FILTERS, type ActiveFilter } from '../../../shared/ui/active-list-filters';
import { SearchBox } from '../../../shared/ui/search-box';

interface ProvidersFiltersProps {
  q: string | undefined;
  active: ActiveFilter;
  /** One filter changed; the page goes back to its first page. */
  onChange: (patch: { q?: string | undefined; active?: ActiveFilter }) => void;
}

/** The providers list's filters: a search (name, trade name or NIT) and all / active / inactive. */
export function ProvidersFilters({ q, active, onChange }: ProvidersFiltersProps) {
  const { t } = useTranslation('providers');
  return (
    <Group align="flex-start" wrap="wrap">
      <SearchBox
        value={q}
        onSearch={(value) => onChange({ q: value })}
        label={t('common:actions.search')}
        placeholder={t('providers:searchPlaceholder')}
        clearLabel={t('common:actions.clear')}
      />
      <SegmentedControl
        mt={25}
        aria-label={t('common:activeFilter.label')}
        value={active}
        onChange={(value) => onChange({ active: value as ActiveFilter })}
        data={ACTIVE_FILTERS.map((value) => ({ value, label: t(`common:activeFilter.${value}`) }))}
      />
    </Group>
  );
}

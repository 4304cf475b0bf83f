import { Group } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import 'dayjs/locale/es';
import type { ActivityListSearch } from '../api/list-search';
import { CatalogFilter } from '../../shared/components/catalog-filter';
import { ItemAgeSelect } from '../../../../shared/ui/item-age-select';
import { SearchBox } from '../../../../shared/ui/search-box';

interface Props {
  search: ActivityListSearch;
  onChange: (patch: Partial<ActivityListSearch>) => void;
}

/** The activities list's search box (debounced, at least two characters) and filters. */
export function ActivitiesFilters({ search, onChange }: Props) {
  const { t, i18n } = useTranslation('activities');

  return (
    <DatesProvider settings={{ locale: i18n.language.startsWith('en') ? 'en' : 'es', firstDayOfWeek: 0 }}>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <SearchBox
          value={search.q}
          onSearch={(q) => onChange({ q })}
          label={t('list.search_label')}
          placeholder={t('list.search_placeholder')}
          clearLabel={t('list.clear_search')}
        />
        <CatalogFilter
          catalog="activity_type"
          label={t('fields.activityType')}
          placeholder={t('list.all_types')}
          w={240}
          value={search.activityType ?? null}
          onChange={(v) => onChange({ activityType: v ?? undefined })}
        />
        <DateInput
          label={t('list.from')}
          valueFormat="YYYY-MM-DD"
          placeholder={t('list.date_placeholder')}
          clearable
          w={160}
          maxDate={search.to}
          value={search.from ?? null}
          onChange={(v) => onChange({ from: v ?? undefined })}
        />
        <DateInput
          label={t('list.to')}
          valueFormat="YYYY-MM-DD"
          placeholder={t('list.date_placeholder')}
          clearable
          w={160}
          minDate={search.from}
          value={search.to ?? null}
          onChange={(v) => onChange({ to: v ?? undefined })}
        />
        <ItemAgeSelect value={search.age} onChange={(age) => onChange({ age })} />
      </Group>
    </DatesProvider>
  );
}

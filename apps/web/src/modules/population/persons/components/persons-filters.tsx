import { Button, Group } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PersonListSearch } from '../api/list-search';
import { CatalogFilter } from '../../shared/components/catalog-filter';
import { ItemAgeSelect } from '../../../../shared/ui/item-age-select';
import { SearchBox } from '../../../../shared/ui/search-box';
import { LazySelect } from '../../../../shared/ui/lazy-select/lazy-select';

type Filters = Pick<
  PersonListSearch,
  'q' | 'sex' | 'ageGroup' | 'thematic' | 'state' | 'headquarterId' | 'status' | 'age'
>;

interface Props {
  search: PersonListSearch;
  /** Any change of filter goes back to page 1. */
  onChange: (patch: Partial<Filters>) => void;
}

const FILTER_WIDTH = 190;

export function PersonsFilters({ search, onChange }: Props) {
  const { t } = useTranslation('population');
  const active = !!(
    search.q ||
    search.sex ||
    search.ageGroup ||
    search.thematic ||
    search.state ||
    search.headquarterId ||
    search.status !== 'all' ||
    search.age
  );
  return (
    <Group align="flex-start" gap="sm" wrap="wrap">
      <SearchBox
        value={search.q}
        onSearch={(q) => onChange({ q })}
        label={t('list.search_label')}
        placeholder={t('list.search_placeholder')}
        clearLabel={t('actions.clear_search')}
      />
      <CatalogFilter
        catalog="sex"
        label={t('filters.sex')}
        placeholder={t('filters.any')}
        w={FILTER_WIDTH}
        value={search.sex ?? null}
        onChange={(v) => onChange({ sex: v ?? undefined })}
      />
      <CatalogFilter
        catalog="age_group"
        label={t('filters.ageGroup')}
        placeholder={t('filters.any')}
        w={FILTER_WIDTH}
        value={search.ageGroup ?? null}
        onChange={(v) => onChange({ ageGroup: v ?? undefined })}
      />
      <CatalogFilter
        catalog="thematic"
        label={t('filters.thematic')}
        placeholder={t('filters.any')}
        w={FILTER_WIDTH}
        value={search.thematic ?? null}
        onChange={(v) => onChange({ thematic: v ?? undefined })}
      />
      <CatalogFilter
        catalog="department"
        label={t('filters.state')}
        placeholder={t('filters.any')}
        w={FILTER_WIDTH}
        value={search.state ?? null}
        onChange={(v) => onChange({ state: v ?? undefined })}
      />
      <CatalogFilter
        catalog="headquarter"
        label={t('filters.headquarter')}
        placeholder={t('filters.any')}
        w={FILTER_WIDTH}
        value={search.headquarterId ?? null}
        onChange={(v) => onChange({ headquarterId: v ?? undefined })}
      />
      <LazySelect
        label={t('filters.status')}
        w={150}
        allowDeselect={false}
        data={[
          { value: 'all', label: t('status.all') },
          { value: 'admitted', label: t('status.admitted') },
          { value: 'departed', label: t('status.departed') },
        ]}
        value={search.status}
        onChange={(v) => onChange({ status: (v ?? 'all') as PersonListSearch['status'] })}
      />
      <ItemAgeSelect value={search.age} onChange={(age) => onChange({ age })} />
      {active && (
        <Button
          variant="subtle"
          mt={25}
          leftSection={<IconFilterOff size={16} />}
          onClick={() =>
            onChange({
              q: undefined,
              sex: undefined,
              ageGroup: undefined,
              thematic: undefined,
              state: undefined,
              headquarterId: undefined,
              status: 'all',
              age: undefined,
            })
          }
        >
          {t('actions.clear_filters')}
        </Button>
      )}
    </Group>
  );
}

import { Paper, Select } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ListFooter } from '../../../../shared/ui/list-footer';
import { ListPage } from '../../../../shared/ui/list-page';
import { useContractSearch } from '../../../../shared/lib/url-search';
import { activityListSearch, type ActivityListSearch } from '../api/list-search';
import { ACTIVITY_PAGE_SIZES } from '../api/list-url';
import { useActivities } from '../api/queries';
import { ActivitiesFilters } from '../components/activities-filters';
import { ActivitiesTable } from '../components/activities-table';
import { ButtonLink } from '../../../../shared/ui/router-links/button-link';

/** Population › Group activities › list: server-side paging, search and filters, kept in the URL. */
export function ActivitiesListPage() {
  const { t } = useTranslation('activities');
  const navigate = useNavigate();
  const search = useContractSearch(activityListSearch, useSearch({ from: '/app/population/activities/list' }));
  const activities = useActivities(search);

  const update = (patch: Partial<ActivityListSearch>, resetPage = true) =>
    void navigate({
      to: '/population/activities/list',
      search: { ...search, ...(resetPage ? { page: 1 } : {}), ...patch },
    });

  const data = activities.data;

  return (
    <ListPage
      title={t('title')}
      actions={
        <ButtonLink to="/population/activities/add" leftSection={<IconPlus size={16} />}>
          {t('actions.new')}
        </ButtonLink>
      }
      filters={<ActivitiesFilters search={search} onChange={(patch) => update(patch)} />}
      query={activities}
      busy={activities.isPlaceholderData}
      footer={
        <ListFooter
          data={data}
          page={search.page}
          pageSize={search.pageSize}
          pageSizes={ACTIVITY_PAGE_SIZES}
          onPage={(page) => update({ page }, false)}
          onPageSize={(pageSize) => update({ pageSize })}
          totalLabel={(total, count) => t('list.total', { total, count })}
        >
          <Select
            label={t('list.order')}
            size="xs"
            w={160}
            allowDeselect={false}
            data={[
              { value: 'desc', label: t('list.newest_first') },
              { value: 'asc', label: t('list.oldest_first') },
            ]}
            value={search.order}
            onChange={(v) => v && update({ order: v as ActivityListSearch['order'] })}
          />
        </ListFooter>
      }
    >
      <Paper withBorder p={0}>
        <ActivitiesTable
          items={data?.items}
          pageSize={search.pageSize}
          onOpen={(id) => void navigate({ to: '/population/activities/view/$id', params: { id } })}
        />
      </Paper>
    </ListPage>
  );
}

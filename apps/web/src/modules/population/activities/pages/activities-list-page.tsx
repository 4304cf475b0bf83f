import { Group, LoadingOverlay, Paper, Select, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ListFooter } from '../../../../shared/ui/list-footer';
import { PageError } from '../../../../shared/ui/page-state';
import { ACTIVITY_PAGE_SIZES, type ActivityListSearch } from '../api/list-search';
import { useActivities } from '../api/queries';
import { ActivitiesFilters } from '../components/activities-filters';
import { ActivitiesTable } from '../components/activities-table';
import { ButtonLink } from '../../../../shared/ui/router-links';

/** Population › Group activities › list: server-side paging, search and filters, kept in the URL. */
export function ActivitiesListPage() {
  const { t } = useTranslation('activities');
  const navigate = useNavigate();
  // The route validated the search already; parsing again types it without importing the route.
  const search = useSearch({ from: '/app/population/activities/list' });
  const activities = useActivities(search);

  const update = (patch: Partial<ActivityListSearch>, resetPage = true) =>
    void navigate({
      to: '/population/activities/list',
      search: { ...search, ...(resetPage ? { page: 1 } : {}), ...patch },
    });

  const data = activities.data;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <ButtonLink to="/population/activities/add" leftSection={<IconPlus size={16} />}>
          {t('actions.new')}
        </ButtonLink>
      </Group>

      <Paper withBorder p="md">
        <ActivitiesFilters search={search} onChange={(patch) => update(patch)} />
      </Paper>

      {activities.isError && <PageError error={activities.error} onRetry={() => void activities.refetch()} />}

      <Paper withBorder pos="relative" p={0}>
        <LoadingOverlay
          visible={activities.isPending || activities.isPlaceholderData}
          overlayProps={{ blur: 1 }}
          loaderProps={{ size: 'sm' }}
        />
        <ActivitiesTable
          items={data?.items ?? []}
          onOpen={(id) => void navigate({ to: '/population/activities/view/$id', params: { id } })}
        />
      </Paper>

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
    </Stack>
  );
}

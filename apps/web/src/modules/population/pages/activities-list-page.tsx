import { Alert, Button, Group, LoadingOverlay, Pagination, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../shared/lib/form';
import { ACTIVITY_PAGE_SIZES, activityListSearch, type ActivityListSearch } from '../api/activities-search';
import { useActivities } from '../api/activities-queries';
import { ActivitiesFilters } from '../components/activities-filters';
import { ActivitiesTable } from '../components/activities-table';

const numberFormat = new Intl.NumberFormat('en-US');

/** Population › Group activities › list: server-side paging, search and filters, kept in the URL. */
export function ActivitiesListPage() {
  const { t } = useTranslation('activities');
  const navigate = useNavigate();
  // The route validated the search already; parsing again types it without importing the route.
  const search = activityListSearch.parse(useSearch({ strict: false }));
  const activities = useActivities(search);

  const update = (patch: Partial<ActivityListSearch>, resetPage = true) =>
    void navigate({
      to: '/population/activities/list',
      search: { ...search, ...(resetPage ? { page: 1 } : {}), ...patch },
    });

  const data = activities.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / search.pageSize) + (data.totalCapped ? 1 : 0)) : 1;
  const total = data ? `${numberFormat.format(data.total)}${data.totalCapped ? '+' : ''}` : '';

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">{t('title')}</Title>
        <Button component={Link} to="/population/activities/add" leftSection={<IconPlus size={16} />}>
          {t('actions.new')}
        </Button>
      </Group>

      <Paper withBorder p="md">
        <ActivitiesFilters search={search} onChange={(patch) => update(patch)} />
      </Paper>

      {activities.isError && (
        <Alert color="red" title={t('common:messages.loadError')}>
          <Group justify="space-between">
            <Text size="sm">{applyServerErrors(activities.error, t)}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void activities.refetch()}>{t('common:actions.retry')}</Button>
          </Group>
        </Alert>
      )}

      <Paper withBorder pos="relative" p={0}>
        <LoadingOverlay visible={activities.isPending || activities.isPlaceholderData} overlayProps={{ blur: 1 }} loaderProps={{ size: 'sm' }} />
        <ActivitiesTable
          items={data?.items ?? []}
          onOpen={(id) => void navigate({ to: '/population/activities/view/$id', params: { id } })}
        />
      </Paper>

      <Group justify="space-between" align="center" wrap="wrap">
        <Group gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            {data ? t('list.total', { total, count: data.total }) : t('common:status.loading')}
          </Text>
          <Select
            label={t('list.order')}
            size="xs"
            w={160}
            allowDeselect={false}
            data={[{ value: 'desc', label: t('list.newest_first') }, { value: 'asc', label: t('list.oldest_first') }]}
            value={search.order}
            onChange={(v) => v && update({ order: v as ActivityListSearch['order'] })}
          />
          <Select
            label={t('list.page_size')}
            size="xs"
            w={110}
            allowDeselect={false}
            data={ACTIVITY_PAGE_SIZES.map(String)}
            value={String(search.pageSize)}
            onChange={(v) => v && update({ pageSize: Number(v) })}
          />
        </Group>
        <Pagination
          total={pages}
          value={Math.min(search.page, pages)}
          onChange={(page) => update({ page }, false)}
          getControlProps={(control) => ({ 'aria-label': t(`list.pagination.${control}`) })}
          getItemProps={(page) => ({ 'aria-label': t('list.pagination.page', { page }) })}
        />
      </Group>
    </Stack>
  );
}

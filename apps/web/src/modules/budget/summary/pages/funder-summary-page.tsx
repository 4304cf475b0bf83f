import { lazy, Suspense } from 'react';
import { Box, LoadingOverlay, Paper, Stack, Title } from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useContractSearch } from '../../../../shared/lib/url-search';
import { PageHeader } from '../../../../shared/ui/page-header';
import { PageError, PageLoader } from '../../../../shared/ui/page-state';
import { useFunderSummary } from '../api';
import { FunderExport } from '../components/summary-export';
import { FunderFilters } from '../components/funder-filters';
import { FunderTable } from '../components/funder-table';
import { toChartNumber } from '../lib/chart-data';
import { funderSummarySearch, type FunderSummarySearch } from '../lib/search';

// Charts (recharts) are the heaviest code of the app: loaded with the figures only, as on the dashboard.
const SummaryBarChart = lazy(() =>
  import('../components/summary-bar-chart').then((m) => ({ default: m.SummaryBarChart })),
);

/**
 * Presupuesto › Resumen por cooperante (`/budget/summary/funders`, key asignacion; issue 13 section 5): per
 * cooperating and item, the agreement's amount against what is assigned to the plan, committed, executed and
 * still available (Q), for a year or every year: a bar chart per cooperating, a table opening to the items with
 * the totals, and the same as xlsx or PDF.
 */
export function FunderSummaryPage() {
  const { t } = useTranslation('budget');
  const navigate = useNavigate();
  const search = useContractSearch(funderSummarySearch, useSearch({ from: '/app/budget/summary/funders' }));
  const update = (patch: Partial<FunderSummarySearch>) =>
    void navigate({ to: '/budget/summary/funders', search: { ...search, ...patch }, replace: true });
  const summary = useFunderSummary(search);
  const data = summary.data;
  const chartData = (data?.cooperating ?? []).map((c) => ({
    cooperating: c.code,
    assigned: toChartNumber(c.assigned),
    executed: toChartNumber(c.executed),
    available: toChartNumber(c.available),
  }));
  const series = [
    { name: 'assigned', label: t('budget:summary.figures.assigned'), color: 'grape.6' },
    { name: 'executed', label: t('budget:summary.figures.executed'), color: 'teal.6' },
    { name: 'available', label: t('budget:summary.figures.available'), color: 'orange.6' },
  ];

  return (
    <Stack gap="md">
      <PageHeader
        title={t('budget:summary.funders.title')}
        description={t('budget:summary.funders.description')}
        actions={<FunderExport search={search} />}
      />
      <Paper withBorder p="md">
        <FunderFilters search={search} onChange={update} />
      </Paper>
      {summary.isError && <PageError error={summary.error} onRetry={() => void summary.refetch()} />}
      {summary.isPending && <PageLoader />}
      {data && (
        <Box pos="relative">
          <LoadingOverlay visible={summary.isPlaceholderData} overlayProps={{ blur: 1 }} zIndex={5} />
          <Stack gap="md">
            <Paper withBorder p="md">
              <Title order={2} size="h4" mb="md">
                {t('budget:summary.funders.chartTitle')}
              </Title>
              <Suspense fallback={<PageLoader />}>
                <SummaryBarChart
                  data={chartData}
                  dataKey="cooperating"
                  series={series}
                  label={t('budget:summary.funders.chartTitle')}
                />
              </Suspense>
            </Paper>
            <Title order={2} size="h4">
              {t('budget:summary.funders.tableTitle')}
            </Title>
            <FunderTable summary={data} label={t('budget:summary.funders.tableTitle')} />
          </Stack>
        </Box>
      )}
    </Stack>
  );
}

import { lazy, Suspense } from 'react';
import { Box, LoadingOverlay, Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useContractSearch } from '../../../../shared/lib/url-search';
import { PageHeader } from '../../../../shared/ui/page-header';
import { PageError, PageLoader } from '../../../../shared/ui/page-state';
import { usePoaSummary } from '../api';
import { PoaFilters } from '../components/poa-filters';
import { PoaMonthsTable } from '../components/poa-months-table';
import { PoaExport } from '../components/summary-export';
import { PoaTable } from '../components/poa-table';
import { toChartNumber } from '../lib/chart-data';
import { poaSummarySearch, type PoaSummarySearch } from '../lib/search';

// Charts (recharts) are the heaviest code of the app: loaded with the figures only, as on the dashboard.
const SummaryBarChart = lazy(() =>
  import('../components/summary-bar-chart').then((m) => ({ default: m.SummaryBarChart })),
);

/**
 * Presupuesto › Resumen del POA (`/budget/summary/poa`, key presupuesto_planificacion; issue 13 section 5): a
 * year's plan against what was assigned, committed and executed, as it is now or as an approved revision stood:
 * a bar chart month by month, the figures by strategic axis and program with the year's totals, and the same
 * month by month. Amounts in Q, exact (the chart alone draws numbers).
 */
export function PoaSummaryPage() {
  const { t } = useTranslation('budget');
  const navigate = useNavigate();
  const search = useContractSearch(poaSummarySearch, useSearch({ from: '/app/budget/summary/poa' }));
  const update = (patch: Partial<PoaSummarySearch>) =>
    void navigate({ to: '/budget/summary/poa', search: { ...search, ...patch }, replace: true });
  const summary = usePoaSummary(search.year, search.revision);
  const data = summary.data;
  const month = (m: number) => t(`budget:planning.months.${m}`).slice(0, 3);
  const chartData = (data?.total.months ?? []).map((m, i) => ({
    month: month(i + 1),
    planned: toChartNumber(m.planned),
    assigned: toChartNumber(m.assigned),
    executed: toChartNumber(m.executed),
  }));
  const series = [
    { name: 'planned', label: t('budget:summary.figures.planned'), color: 'blue.6' },
    { name: 'assigned', label: t('budget:summary.figures.assigned'), color: 'grape.6' },
    { name: 'executed', label: t('budget:summary.figures.executed'), color: 'teal.6' },
  ];
  const scope = search.revision
    ? t('budget:summary.poa.scopeRevision', { year: search.year, revision: search.revision })
    : t('budget:summary.poa.scopeCurrent', { year: search.year });

  return (
    <Stack gap="md">
      <PageHeader
        title={t('budget:summary.poa.title')}
        description={t('budget:summary.poa.description')}
        actions={<PoaExport search={search} />}
      />
      <Paper withBorder p="md">
        <PoaFilters search={search} onChange={update} />
      </Paper>
      {summary.isError && <PageError error={summary.error} onRetry={() => void summary.refetch()} />}
      {summary.isPending && <PageLoader />}
      {data && (
        <Box pos="relative">
          <LoadingOverlay visible={summary.isPlaceholderData} overlayProps={{ blur: 1 }} zIndex={5} />
          <Stack gap="md">
            <Text size="sm" c="dimmed" data-testid="poa-scope">
              {scope} · {t('budget:summary.poa.lines', { count: data.lineCount })}
            </Text>
            <Paper withBorder p="md">
              <Title order={2} size="h4" mb="md">
                {t('budget:summary.poa.chartTitle')}
              </Title>
              <Suspense fallback={<PageLoader />}>
                <SummaryBarChart
                  data={data.lineCount > 0 ? chartData : []}
                  dataKey="month"
                  series={series}
                  label={t('budget:summary.poa.chartLabel', { scope })}
                />
              </Suspense>
            </Paper>
            <Title order={2} size="h4">
              {t('budget:summary.poa.byAxis')}
            </Title>
            <PoaTable summary={data} label={t('budget:summary.poa.byAxis')} />
            <Title order={2} size="h4">
              {t('budget:summary.poa.byMonth')}
            </Title>
            <PoaMonthsTable summary={data} label={t('budget:summary.poa.byMonth')} />
          </Stack>
        </Box>
      )}
    </Stack>
  );
}

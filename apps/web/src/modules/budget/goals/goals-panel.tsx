import { lazy, Suspense } from 'react';
import { Badge, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { withChunkTimeout } from '../../../shared/lib/chunks';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table/data-table';
import { PageLoader, QueryStatus } from '../../../shared/ui/page-state';
import { formatQuantity } from '../planning/lib/month-totals';
import { sourcesOf, useLineGoals, type LineGoals } from './api';
import { progressPercent } from './progress';

// Charts (recharts) are heavy: fetched only once the figures are here, not with the planning form.
const GoalsChart = lazy(() => withChunkTimeout(import('./goals-chart')).then((m) => ({ default: m.GoalsChart })));

type Month = LineGoals['months'][number];

function Progress({ achieved, goal }: { achieved: number; goal: string }) {
  const percent = progressPercent(achieved, goal);
  if (percent === null) return null;
  const color = Number(percent) >= 100 ? 'teal' : Number(percent) > 0 ? 'blue' : 'gray';
  return (
    <Badge variant="light" color={color}>
      {percent} %
    </Badge>
  );
}

/** The table's columns: month, goal (in the line's unit), achieved, one per source, progress. */
function useColumns(goals: LineGoals): DataColumn<Month>[] {
  const { t } = useTranslation('budget');
  return [
    {
      id: 'month',
      header: t('budget:goals.month'),
      text: (m) => t(`budget:planning.months.${m.month}`),
      strong: true,
    },
    {
      id: 'goal',
      header: t('budget:goals.goal', { unit: goals.goalUnit }),
      text: (m) => formatQuantity(m.goal),
      align: 'right',
    },
    { id: 'achieved', header: t('budget:goals.achieved'), text: (m) => m.achieved, align: 'right' },
    ...sourcesOf(goals).map((source): DataColumn<Month> => ({
      id: `source-${source}`,
      header: t(`budget:goals.sources.${source}`, { defaultValue: source }),
      text: (m) => m.bySource[source] ?? 0,
      align: 'right',
    })),
    {
      id: 'progress',
      header: t('budget:goals.progress'),
      text: (m) => progressPercent(m.achieved, m.goal),
      cell: (m) => <Progress achieved={m.achieved} goal={m.goal} />,
      align: 'right',
    },
  ];
}

function GoalsTable({ goals }: { goals: LineGoals }) {
  const { t } = useTranslation('budget');
  const columns = useColumns(goals);
  const sources = sourcesOf(goals);
  const bySource = (source: string) => goals.months.reduce((n, m) => n + (m.bySource[source] ?? 0), 0);
  return (
    <DataTable
      label={t('budget:goals.tableLabel')}
      columns={columns}
      rows={goals.months}
      rowKey={(m) => String(m.month)}
      rowAttributes={(m) => ({ 'data-testid': `goals-month-${m.month}` })}
      minWidth={640}
      bare
      summary={[
        t('budget:goals.total'),
        formatQuantity(goals.total.goal),
        goals.total.achieved,
        ...sources.map(bySource),
        <Progress key="progress" achieved={goals.total.achieved} goal={goals.total.goal} />,
      ]}
    />
  );
}

/**
 * 'Metas vs logrado' of a planning line (issue 13 section 3, 'Goals achieved'): per month the goal in the line's
 * unit against the group activities and attentions that picked the line, by source, with the year's totals and a
 * bar chart of goal against achieved.
 */
export function GoalsPanel({ lineId }: { lineId: string }) {
  const { t } = useTranslation('budget');
  const goals = useLineGoals(lineId);
  return (
    <Paper withBorder p="lg" mt="md" data-testid="goals-panel">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            {t('budget:goals.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('budget:goals.description')}
          </Text>
        </div>
        <QueryStatus query={goals} />
        {goals.data && (
          <>
            <GoalsTable goals={goals.data} />
            <Suspense fallback={<PageLoader />}>
              <GoalsChart goals={goals.data} />
            </Suspense>
          </>
        )}
      </Stack>
    </Paper>
  );
}

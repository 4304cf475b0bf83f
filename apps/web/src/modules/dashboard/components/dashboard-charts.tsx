import '@mantine/charts/styles.layer.css';
import { BarChart, DonutChart } from '@mantine/charts';
import { Center, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCatalog } from '../../../shared/hooks/use-catalog';
import type { DashboardData } from '../api/queries';

const COLORS = [
  'teal.6',
  'blue.6',
  'grape.6',
  'orange.6',
  'cyan.6',
  'pink.6',
  'lime.6',
  'indigo.6',
  'yellow.6',
  'red.6',
];

type Counts = DashboardData['bySex'];

/** Charts by sex, age group and thematic; codes are labelled from their catalogs in the UI language. */
export function DashboardCharts({ data }: { data: DashboardData }) {
  const { t } = useTranslation('dashboard');
  const sex = useCatalog('sex');
  const ageGroup = useCatalog('age_group');
  const thematic = useCatalog('thematic');
  const bars = (counts: Counts, labelOf: (code: string) => string | null) =>
    counts.map((c) => ({ label: labelOf(c.code) ?? c.code, count: c.count }));
  const series = [{ name: 'count', label: t('dashboard:persons'), color: 'teal.6' }];

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <ChartCard title={t('dashboard:charts.bySex')} empty={!data.bySex.length}>
        <DonutChart
          data={data.bySex.map((c, i) => ({
            name: sex.labelOf(c.code) ?? c.code,
            value: c.count,
            color: COLORS[i % COLORS.length]!,
          }))}
          withLabels
          withLabelsLine
          withLegend
          withTooltip
          mx="auto"
        />
      </ChartCard>
      <ChartCard title={t('dashboard:charts.byAgeGroup')} empty={!data.byAgeGroup.length}>
        {/* Bars lie down and every label is drawn (interval 0): the Spanish age-group names are too long
            to stand under upright bars, where the chart skipped every other one. */}
        <BarChart
          h={Math.max(200, data.byAgeGroup.length * 40)}
          data={bars(data.byAgeGroup, ageGroup.labelOf)}
          dataKey="label"
          series={series}
          orientation="vertical"
          yAxisProps={{ width: 190, interval: 0 }}
          xAxisProps={{ allowDecimals: false }}
        />
      </ChartCard>
      <ChartCard title={t('dashboard:charts.byThematic')} empty={!data.byThematic.length} span>
        <BarChart
          h={Math.max(200, data.byThematic.length * 36)}
          data={bars(data.byThematic, thematic.labelOf)}
          dataKey="label"
          series={series}
          orientation="vertical"
          yAxisProps={{ width: 200, interval: 0 }}
          xAxisProps={{ allowDecimals: false }}
        />
      </ChartCard>
    </SimpleGrid>
  );
}

function ChartCard({
  title,
  empty,
  span,
  children,
}: {
  title: string;
  empty: boolean;
  span?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <Paper withBorder p="md" style={span ? { gridColumn: '1 / -1' } : undefined}>
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      {empty ? (
        <Center h={200}>
          <Text c="dimmed">{t('dashboard:noData')}</Text>
        </Center>
      ) : (
        children
      )}
    </Paper>
  );
}

import '@mantine/charts/styles.layer.css';
import { BarChart, type BarChartSeries } from '@mantine/charts';
import { Center, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { chartMoney } from '../lib/chart-data';

interface Props {
  /** One object a bar group: `dataKey` names it, each series' `name` is a number (Q) to draw. */
  data: Record<string, string | number>[];
  dataKey: string;
  series: BarChartSeries[];
  /** What the chart shows, for screen readers (the tables beside it hold the same figures). */
  label: string;
  h?: number;
}

/**
 * A bar chart of amounts in Q (@mantine/charts on recharts, loaded with the summaries only, as the dashboard's):
 * bars grouped by `dataKey`, a legend, tooltips and axis in 'Q 1,234.56'. An empty data set says so.
 */
export function SummaryBarChart({ data, dataKey, series, label, h = 300 }: Props) {
  const { t } = useTranslation('budget');
  if (data.length === 0)
    return (
      <Center h={h}>
        <Text c="dimmed">{t('budget:summary.noData')}</Text>
      </Center>
    );
  return (
    <div role="img" aria-label={label}>
      <BarChart
        h={h}
        data={data}
        dataKey={dataKey}
        series={series}
        withLegend
        maxBarWidth={48}
        valueFormatter={chartMoney}
        yAxisProps={{ width: 110 }}
        xAxisProps={{ interval: 0 }}
      />
    </div>
  );
}

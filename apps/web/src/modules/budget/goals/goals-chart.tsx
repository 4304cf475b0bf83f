import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import type { LineGoals } from './api';

/**
 * Goal against achieved per month as grouped bars (@mantine/charts, loaded apart from the page as the dashboard's
 * charts are). Goals are quantities in the line's unit, not money: drawn as numbers; the table beside it holds the
 * exact figures.
 */
export function GoalsChart({ goals }: { goals: LineGoals }) {
  const { t } = useTranslation('budget');
  const data = goals.months.map((m) => ({
    month: t(`budget:planning.months.${m.month}`).slice(0, 3),
    goal: Number(m.goal),
    achieved: m.achieved,
  }));
  return (
    <div role="img" aria-label={t('budget:goals.chartLabel', { unit: goals.goalUnit })}>
      <BarChart
        h={260}
        data={data}
        dataKey="month"
        series={[
          { name: 'goal', label: t('budget:goals.goal', { unit: goals.goalUnit }), color: 'blue.6' },
          { name: 'achieved', label: t('budget:goals.achieved'), color: 'teal.6' },
        ]}
        withLegend
        maxBarWidth={28}
        xAxisProps={{ interval: 0 }}
      />
    </div>
  );
}

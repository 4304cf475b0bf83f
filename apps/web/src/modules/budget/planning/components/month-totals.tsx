import { Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './planning-grids.module.css';
import { MONTHS } from '@amparo/shared/modules/budget.constants';
import { Money } from '../../../../shared/ui/format';

function Figure({ label, value, strong = false }: { label: string; value: string | undefined; strong?: boolean }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" tt="capitalize">
        {label}
      </Text>
      <Text component="dd" m={0} fw={strong ? 700 : 500}>
        <Money value={value} />
      </Text>
    </div>
  );
}

/**
 * Under the planning list: the amount per month and the year's total (Q)
 * over every line the filters match, not only the page shown (the server's
 * `totals`, summed in SQL). A description list that wraps to the width.
 */
export function MonthTotals({ totals }: { totals: { months: string[]; total: string } | undefined }) {
  const { t } = useTranslation('budget');
  return (
    <Paper withBorder p="md" data-testid="month-totals">
      <Title order={2} size="h5" mb="sm">
        {t('budget:planning.totals.title')}
      </Title>
      <dl className={classes.months} aria-label={t('budget:planning.totals.label')}>
        {MONTHS.map((m, i) => (
          <Figure key={m} label={t(`budget:planning.months.${m}`)} value={totals?.months[i]} />
        ))}
        <Figure label={t('budget:planning.totals.total')} value={totals?.total} strong />
      </dl>
    </Paper>
  );
}

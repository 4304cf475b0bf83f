import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PlanningLine } from '@amparo/shared/modules/budget.schema';
import { Money } from '../../../../shared/ui/format';
import { usePlanningOptions } from '../../shared/options';
import { usePlannedTotal } from '../api/queries';
import { plannedYear, totalWithLine } from '../lib/form-totals';
import { sumTyped } from '../lib/month-totals';
import type { PlanningForm } from './planning-values';

interface FigureProps {
  label: string;
  /** What the scope is ('01 - Protección'); absent until chosen. */
  detail: string | null;
  /** The total, or undefined while it loads or cannot be known. */
  value: string | undefined;
  /** Said instead of the amount while the scope is not chosen. */
  missing: string | null;
  testId: string;
}

function Figure({ label, detail, value, missing, testId }: FigureProps) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
        {detail && ` · ${detail}`}
      </Text>
      <Text component="dd" m={0} fw={600} data-testid={testId}>
        {missing ? (
          <Text component="span" size="sm" c="dimmed" fw={400}>
            {missing}
          </Text>
        ) : (
          <Money value={value} />
        )}
      </Text>
    </div>
  );
}

/**
 * Under the line's month grid (issue 13 section 3): what the line's program, its strategic axis and its year add
 * up to with this line as it is being typed: the server's totals of the saved lines, less this line's saved
 * amount where it counts, plus the amount typed now, worked out exactly (decimal.js) on every keystroke.
 */
export function FormTotals({ form, saved }: { form: PlanningForm; saved?: PlanningLine }) {
  const { t } = useTranslation('budget');
  const { year: typedYear, strategicAxis, program, months } = form.values;
  const year = plannedYear(typedYear);
  const typed = sumTyped(months.map((m) => m.amount));
  const axes = usePlanningOptions('strategic_axis');
  const programs = usePlanningOptions('program', { parent: strategicAxis, enabled: !!strategicAxis });
  const programTotal = usePlannedTotal(year && program ? { year, program } : null);
  const axisTotal = usePlannedTotal(year && strategicAxis ? { year, strategicAxis } : null);
  const yearTotal = usePlannedTotal(year ? { year } : null);
  // The saved line is among the server's lines of a scope only when it was saved in that scope.
  const savedIn = (same: boolean) => (saved && saved.year === year && same ? saved.totalAmount : null);
  const figure = (total: string | undefined, same: boolean) =>
    total === undefined ? undefined : totalWithLine(total, savedIn(same), typed);

  return (
    <Paper withBorder p="md" mt="md" data-testid="form-totals">
      <Title order={3} size="h5" mb={4}>
        {t('budget:formTotals.title')}
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        {t('budget:formTotals.help')}
      </Text>
      <SimpleGrid component="dl" m={0} cols={{ base: 1, sm: 3 }} spacing="md">
        <Figure
          label={t('budget:formTotals.program')}
          detail={program ? programs.labelOf(program) : null}
          value={figure(programTotal.data, saved?.program === program)}
          missing={year && program ? null : t('budget:formTotals.chooseProgram')}
          testId="form-total-program"
        />
        <Figure
          label={t('budget:formTotals.axis')}
          detail={strategicAxis ? axes.labelOf(strategicAxis) : null}
          value={figure(axisTotal.data, saved?.strategicAxis === strategicAxis)}
          missing={year && strategicAxis ? null : t('budget:formTotals.chooseAxis')}
          testId="form-total-axis"
        />
        <Figure
          label={t('budget:formTotals.year')}
          detail={year ? String(year) : null}
          value={figure(yearTotal.data, true)}
          missing={year ? null : t('budget:formTotals.chooseYear')}
          testId="form-total-year"
        />
      </SimpleGrid>
    </Paper>
  );
}

import type { ReactNode } from 'react';
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PlanningLineSummary } from '@amparo/shared/modules/budget.schema';
import { useCatalog } from '../../../../shared/hooks/use-catalog';
import { EMPTY } from '../../../../shared/lib/format';
import { Money } from '../../../../shared/ui/format';

/** A catalog code with its name in the UI language ('EJ1 – Protección'), the bare code until the names load. */
function useCatalogText(name: string) {
  const catalog = useCatalog(name);
  return (code: string) => {
    const label = catalog.labelOf(code);
    return label && label !== code ? `${code} – ${label}` : code;
  };
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {children}
      </Text>
    </Stack>
  );
}

/**
 * A planning line's header on the assignment screens: year, strategic axis, program, expense type (with their
 * catalog names), responsible, headquarter, the year's planned total, and its description.
 */
export function LineSummary({ line }: { line: PlanningLineSummary }) {
  const { t } = useTranslation('budget');
  const axis = useCatalogText('strategic_axis');
  const program = useCatalogText('program');
  const expenseType = useCatalogText('expense_type');
  return (
    <Paper withBorder p="md" data-testid="line-summary">
      <Text fw={600} mb="sm">
        {line.description}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <Field label={t('budget:assignment.line.year')}>{line.year}</Field>
        <Field label={t('budget:assignment.line.strategicAxis')}>{axis(line.strategicAxis)}</Field>
        <Field label={t('budget:assignment.line.program')}>{program(line.program)}</Field>
        <Field label={t('budget:assignment.line.expenseType')}>{expenseType(line.expenseType)}</Field>
        <Field label={t('budget:assignment.line.responsible')}>{line.responsibleName ?? EMPTY}</Field>
        <Field label={t('budget:assignment.line.headquarter')}>{line.headquarterName ?? EMPTY}</Field>
        <Field label={t('budget:assignment.line.planned')}>
          <Money value={line.totalAmount} />
        </Field>
      </SimpleGrid>
    </Paper>
  );
}

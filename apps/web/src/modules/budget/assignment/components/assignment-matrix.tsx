import { Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LineAssignment } from '@amparo/shared/modules/assignment.schema';
import { Money } from '../../../../shared/ui/format';
import { itemLabel } from '../lib/items';
import { MONTHS, useMonthNames } from '../lib/months';
import classes from './assignment-matrix.module.css';

interface MatrixRow {
  id: string;
  label: string;
  months: string[];
  total: string;
  /** An item's row, indented under the planned amount; the assigned row sums them. */
  kind: 'figure' | 'item' | 'sum';
}

type Figure = 'assigned' | 'committed' | 'executed' | 'available';

/** The rows: planned, each item's assigned amount, the assigned sum, then committed, executed, available, unassigned. */
function matrixRows(data: LineAssignment, label: (key: string) => string): MatrixRow[] {
  const figure = (key: Figure | 'planned' | 'unassigned', kind: MatrixRow['kind'] = 'figure'): MatrixRow => ({
    id: key,
    label: label(key),
    months: data.months.map((m) => m[key]),
    total: data.total[key],
    kind,
  });
  return [
    figure('planned'),
    ...data.items.map((item): MatrixRow => ({
      id: item.itemId,
      label: itemLabel(item),
      months: item.months.map((m) => m.assigned),
      total: item.total.assigned,
      kind: 'item',
    })),
    figure('assigned', 'sum'),
    figure('committed'),
    figure('executed'),
    figure('available'),
    figure('unassigned'),
  ];
}

/**
 * A planning line's 12 months side by side (issue 13 sections 4 and 5): planned, what each cooperating item
 * pays, assigned (their sum), committed, executed, available (assigned − committed − executed) and unassigned
 * (planned − assigned), with the year's total in the last column. Each row is named by its first cell, which
 * stays in view while the months scroll sideways.
 */
export function AssignmentMatrix({ data }: { data: LineAssignment }) {
  const { t } = useTranslation('budget');
  const { name, short } = useMonthNames();
  const label = t('budget:assignment.matrix.label');
  const rows = matrixRows(data, (key) => t(`budget:assignment.figures.${key}`));

  return (
    // No minimum width: the 14 columns share the page's width (issue 24 s6 item 3, no sideways scroll at 1366 px).
    <Table.ScrollContainer
      minWidth={0}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label } }}
    >
      <Table aria-label={label} withTableBorder verticalSpacing="xs" horizontalSpacing={6} className={classes.matrix}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="13%" className={classes.sticky}>
              {t('budget:assignment.matrix.concept')}
            </Table.Th>
            {MONTHS.map((m) => (
              <Table.Th key={m} ta="right" style={{ textTransform: 'capitalize' }}>
                <span aria-hidden>{short(m)}</span>
                <VisuallyHidden>{name(m)}</VisuallyHidden>
              </Table.Th>
            ))}
            <Table.Th ta="right" w="8%">
              {t('budget:assignment.matrix.total')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <MatrixLine key={row.id} row={row} />
          ))}
          {data.items.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={14}>
                <Text size="sm" c="dimmed">
                  {t('budget:assignment.matrix.noItems')}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** One row of the matrix: its name, the 12 months and the total (Q). */
function MatrixLine({ row }: { row: MatrixRow }) {
  return (
    <Table.Tr data-row={row.id} className={row.kind === 'sum' ? classes.total : undefined}>
      <Table.Th scope="row" className={`${classes.sticky} ${row.kind === 'item' ? classes.item : ''}`}>
        {row.label}
      </Table.Th>
      {row.months.map((value, i) => (
        <Table.Td key={i} ta="right">
          <Money value={value} />
        </Table.Td>
      ))}
      <Table.Td ta="right" fw={600}>
        <Money value={row.total} />
      </Table.Td>
    </Table.Tr>
  );
}

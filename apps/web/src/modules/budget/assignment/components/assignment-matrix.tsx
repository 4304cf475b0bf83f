import { Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LineAssignment } from '@amparo/shared/modules/assignment.schema';
import { Money } from '../../../../shared/ui/format';
import { Grid, type GridColumn } from '../../../../shared/ui/grid';
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
    <Grid
      label={label}
      rows={rows}
      rowKey={(row) => row.id}
      rowProps={(row) => ({ 'data-row': row.id })}
      rowClassName={(row) => (row.kind === 'sum' ? classes.total : undefined)}
      minWidth={0}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label } }}
      withTableBorder
      verticalSpacing="xs"
      horizontalSpacing={6}
      className={classes.matrix}
      rowHeader={{
        header: t('budget:assignment.matrix.concept'),
        cell: (row) => row.label,
        width: '13%',
        className: (row) => `${classes.sticky} ${row?.kind === 'item' ? classes.item : ''}`,
      }}
      columns={[
        ...MONTHS.map((m, i): GridColumn<MatrixRow> => ({
          id: String(m),
          header: (
            <span style={{ textTransform: 'capitalize' }}>
              <span aria-hidden>{short(m)}</span>
              <VisuallyHidden>{name(m)}</VisuallyHidden>
            </span>
          ),
          align: 'right',
          cell: (row) => <Money value={row.months[i]!} />,
        })),
        {
          id: 'total',
          header: t('budget:assignment.matrix.total'),
          align: 'right',
          width: '8%',
          cell: (row) => (
            <Text span fw={600} inherit>
              <Money value={row.total} />
            </Text>
          ),
        },
      ]}
      note={
        data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('budget:assignment.matrix.noItems')}
          </Text>
        ) : undefined
      }
    />
  );
}

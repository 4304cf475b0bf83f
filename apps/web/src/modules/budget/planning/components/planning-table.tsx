import { Group } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PlanningLineSummary } from '@amparo/shared/modules/budget.schema';
import { DataTable, type DataColumn, type ServerSort } from '../../../../shared/ui/data-table/data-table';
import { Money } from '../../../../shared/ui/format';
import { RowActions } from '../../../../shared/ui/row-actions';
import { AnchorLink } from '../../../../shared/ui/router-links/anchor-link';
import { ActionIconLink } from '../../../../shared/ui/router-links/action-icon-link';
import { useCurrentUser } from '../../../../shared/hooks/use-current-user';
import { can } from '../../../../shared/lib/session';
import { usePlanningOptions } from '../../shared/options';
import { LazyTooltip } from '../../../../shared/ui/lazy-tooltip/lazy-tooltip';

interface Props {
  rows: PlanningLineSummary[] | undefined;
  /** Year total over every line matching the filters (Q), in the table's footer. */
  total: string | undefined;
  sort: ServerSort;
  pageSize: number;
  /** Narrowed by a filter besides the year: the empty state says so. */
  filtered: boolean;
  /** The year's plan is a draft: its lines show the edit pencil (otherwise their link opens them read-only). */
  editable: boolean;
}

/** The planning list's table: a line a row, its year total in Q, each linking to its edit page. */
export function PlanningTable({ rows, total, sort, pageSize, filtered, editable }: Props) {
  const { t } = useTranslation('budget');
  const axes = usePlanningOptions('strategic_axis');
  const programs = usePlanningOptions('program');
  const types = usePlanningOptions('expense_type');
  // The line's assignment and detail (issue 13 sections 4 and 5) for holders of asignacion.
  const canAssign = can(useCurrentUser(), 'asignacion');
  const columns: DataColumn<PlanningLineSummary>[] = [
    { id: 'year', header: t('budget:planning.fields.year'), text: (r) => r.year, sortable: true, width: 80 },
    {
      id: 'strategicAxis',
      header: t('budget:planning.fields.strategicAxis'),
      text: (r) => axes.labelOf(r.strategicAxis),
      sortable: true,
      wrap: true,
      width: 160,
    },
    {
      id: 'program',
      header: t('budget:planning.fields.program'),
      text: (r) => programs.labelOf(r.program),
      sortable: true,
      wrap: true,
      width: 160,
    },
    {
      id: 'expenseType',
      header: t('budget:planning.fields.expenseType'),
      text: (r) => types.labelOf(r.expenseType),
      sortable: true,
      wrap: true,
      width: 150,
      visibleFrom: 'xl',
    },
    {
      id: 'description',
      header: t('budget:planning.fields.description'),
      text: (r) => r.description,
      cell: (r) => (
        <AnchorLink to="/budget/planning/edit/$id" params={{ id: r.id }}>
          {r.description}
        </AnchorLink>
      ),
      wrap: true,
    },
    {
      id: 'responsible',
      header: t('budget:planning.fields.responsible'),
      text: (r) => r.responsibleName,
      wrap: true,
      width: 160,
      visibleFrom: 'xl',
    },
    {
      id: 'headquarter',
      header: t('budget:planning.fields.headquarter'),
      text: (r) => r.headquarterName,
      wrap: true,
      width: 150,
      visibleFrom: 'xl',
    },
    {
      id: 'totalAmount',
      header: t('budget:planning.fields.totalAmount'),
      text: (r) => r.totalAmount,
      cell: (r) => <Money value={r.totalAmount} />,
      sortable: true,
      firstOrder: 'desc',
      align: 'right',
      width: 150,
    },
  ];

  return (
    <DataTable
      label={t('budget:planning.title')}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      loadingRows={pageSize}
      sort={sort}
      minWidth={900}
      actionsWidth={canAssign ? 112 : 80}
      empty={filtered ? t('budget:planning.emptyFiltered') : t('budget:planning.emptyNone')}
      summary={[
        t('budget:planning.totals.total'),
        ...columns.slice(1, -1).map(() => ''),
        <Money key="total" value={total} />,
      ]}
      actions={(r) => (
        <Group gap={4} wrap="nowrap">
          {canAssign && (
            <LazyTooltip label={t('budget:planning.assignmentOf', { name: r.description })}>
              <ActionIconLink
                to="/budget/assignment/$expense"
                params={{ expense: r.id }}
                variant="subtle"
                aria-label={t('budget:planning.assignmentOf', { name: r.description })}
              >
                <IconCoins size={18} />
              </ActionIconLink>
            </LazyTooltip>
          )}
          {editable && (
            <RowActions name={r.description} edit={{ to: '/budget/planning/edit/$id', params: { id: r.id } }} />
          )}
        </Group>
      )}
    />
  );
}

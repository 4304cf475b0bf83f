import { useState } from 'react';
import { ActionIcon, Group } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FunderFigures, FunderSummary } from '@amparo/shared/modules/budget-summary.schema';
import { DataTable, type DataColumn } from '../../../../shared/ui/data-table/data-table';
import { Money } from '../../../../shared/ui/format';

const FIGURES = ['amount', 'assigned', 'unassigned', 'committed', 'executed', 'available'] as const;

/** A row: a cooperating (its items can be shown under it) or one of its items. */
type Row = FunderFigures & { id: string; code: string; name: string; items?: Row[] };

/**
 * The funder summary a cooperating a row, each opening to its items (a button with `aria-expanded`):
 * amount, assigned, unassigned, committed, executed and available in Q, with the totals in the footer.
 */
export function FunderTable({ summary, label }: { summary: FunderSummary | undefined; label: string }) {
  const { t } = useTranslation('budget');
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const rows: Row[] | undefined = summary?.cooperating;
  const columns: DataColumn<Row>[] = [
    {
      id: 'name',
      header: t('budget:summary.funders.cooperatingItem'),
      text: (r) => `${r.code} – ${r.name}`,
      cell: (r, depth) =>
        depth > 0 ? (
          `${r.code} – ${r.name}`
        ) : (
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-expanded={open.has(r.id)}
              aria-label={t(open.has(r.id) ? 'budget:summary.funders.hideItems' : 'budget:summary.funders.showItems', {
                name: r.name,
              })}
              onClick={() => toggle(r.id)}
              disabled={!r.items?.length}
            >
              {open.has(r.id) ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
            </ActionIcon>
            <span>{`${r.code} – ${r.name}`}</span>
          </Group>
        ),
      truncate: true,
      strong: true,
    },
    ...FIGURES.map((id): DataColumn<Row> => ({
      id,
      header: t(`budget:summary.figures.${id}`),
      text: (r) => r[id],
      cell: (r) => <Money value={r[id]} />,
      align: 'right',
      width: 130,
    })),
  ];
  const total = summary?.total;
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      subRows={(r) => (open.has(r.id) ? (r.items ?? []) : [])}
      minWidth={980}
      empty={t('budget:summary.funders.empty')}
      summary={[t('budget:summary.total'), ...FIGURES.map((f) => <Money key={f} value={total?.[f]} />)]}
    />
  );
}

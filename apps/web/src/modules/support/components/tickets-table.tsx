import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TicketSummary } from '@amparo/shared/modules/support.schema';
import { useCatalog } from '../../../shared/hooks/use-catalog';
import { DataTable, type DataColumn, type ServerSort } from '../../../shared/ui/data-table/data-table';
import { DateText } from '../../../shared/ui/format';
import { HighlightedText } from '../../../shared/ui/highlighted-text';
import { AnchorLink } from '../../../shared/ui/router-links/anchor-link';
import { slaText } from '../lib/sla';
import { LevelBadge, SlaLeft, StatusBadge } from './badges';

interface TicketsTableProps {
  items: TicketSummary[] | undefined;
  /** The support queue shows who raised each ticket; one's own tickets need not. */
  queue: boolean;
  sort: ServerSort;
  pageSize: number;
  /** Narrowed by a search or a filter: the empty state says so. */
  filtered: boolean;
  /** A word search: the description column shows each ticket's matched words, at every width. */
  searching?: boolean;
}

/** The tickets list's table; a ticket past a target says so in its time-left cell ('Fuera de plazo'). */
export function TicketsTable({ items, queue, sort, pageSize, filtered, searching = false }: TicketsTableProps) {
  const { t } = useTranslation('support');
  const types = useCatalog('ticket_type');
  const columns: DataColumn<TicketSummary>[] = [
    {
      id: 'number',
      header: t('fields.number'),
      text: (r) => r.number,
      cell: (r) => (
        <AnchorLink to="/support/tickets/$id" params={{ id: r.id }} style={{ whiteSpace: 'nowrap' }}>
          {r.number}
        </AnchorLink>
      ),
      strong: true,
      sortable: true,
      width: 160,
    },
    { id: 'status', header: t('fields.status'), cell: (r) => <StatusBadge status={r.status} size="sm" />, width: 120 },
    // The subject takes the width the fixed columns leave (at 1366 px the deadline stays in view).
    { id: 'subject', header: t('fields.subject'), text: (r) => r.subject, strong: true, wrap: true },
    {
      id: 'preview',
      header: t('fields.description'),
      text: (r) => r.descriptionPreview,
      cell: (r) =>
        r.highlight ? (
          <HighlightedText
            segments={r.highlight.segments}
            title={r.highlight.source === 'comment' ? t('list.matchInComment') : undefined}
          />
        ) : (
          r.descriptionPreview
        ),
      wrap: true,
      visibleFrom: searching ? undefined : 'xl',
    },
    {
      id: 'type',
      header: t('fields.type'),
      text: (r) => types.labelOf(r.type),
      wrap: true,
      width: 150,
      visibleFrom: 'xl',
    },
    {
      id: 'priority',
      header: t('fields.priority'),
      text: (r) => t(`level.${r.priority}`),
      cell: (r) => <LevelBadge level={r.priority} />,
      sortable: true,
      width: 110,
    },
    {
      id: 'criticality',
      header: t('fields.criticality'),
      text: (r) => t(`level.${r.criticality}`),
      cell: (r) => <LevelBadge level={r.criticality} />,
      width: 110,
      visibleFrom: 'xl',
    },
    // Headquarter and requester from 1408 px: at 1366 the deadline and creation date stay whole (issue 24 s6 item 3).
    {
      id: 'headquarter',
      header: t('fields.headquarter'),
      text: (r) => r.headquarterName,
      wrap: true,
      width: 150,
      visibleFrom: 'xl',
    },
    ...(queue
      ? [
          {
            id: 'requester',
            header: t('fields.requester'),
            text: (r: TicketSummary) => r.requesterName,
            wrap: true,
            width: 150,
            visibleFrom: 'xl' as const,
          },
        ]
      : []),
    {
      id: 'assignee',
      header: t('fields.assignee'),
      text: (r) => r.assigneeName ?? t('view.unassigned'),
      wrap: true,
      width: 150,
    },
    {
      id: 'createdAt',
      header: t('fields.createdAt'),
      cell: (r) => <DateText value={r.createdAt} withTime />,
      sortable: true,
      firstOrder: 'desc',
      width: 160,
    },
    {
      id: 'resolutionDueAt',
      header: t('fields.slaLeft'),
      text: (r) => slaText(t, r.sla),
      cell: (r) => <SlaLeft sla={r.sla} />,
      sortable: true,
      width: 210,
    },
  ];
  return (
    <DataTable
      bare
      label={t('title')}
      columns={columns}
      rows={items}
      loadingRows={pageSize}
      rowKey={(r) => r.id}
      sort={sort}
      minWidth={1000}
      rowAttributes={(r): Record<string, string> => (r.sla.breached ? { 'data-breached': 'true' } : {})}
      empty={
        <Group justify="center" py="md">
          <Text c="dimmed">{filtered ? t('list.emptyFiltered') : t('list.empty')}</Text>
        </Group>
      }
    />
  );
}

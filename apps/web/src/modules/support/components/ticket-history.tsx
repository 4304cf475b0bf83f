import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@amparo/shared/modules/support.schema';
import { EMPTY } from '../../../shared/lib/format';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table';
import { DateText } from '../../../shared/ui/format';

type Entry = Ticket['history'][number];

/** Every status change of the ticket: when, which action, from → to, by whom (or the system), and why. */
export function TicketHistory({ history }: { history: Ticket['history'] }) {
  const { t } = useTranslation('support');
  if (history.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {t('view.noHistory')}
      </Text>
    );
  const columns: DataColumn<Entry>[] = [
    { id: 'at', header: t('history.at'), cell: (h) => <DateText value={h.at} withTime />, width: 150 },
    {
      id: 'transition',
      header: t('history.transition'),
      text: (h) => t(`transition.${h.transition}`, { defaultValue: h.transition }),
      width: 180,
    },
    {
      id: 'change',
      header: t('history.change'),
      text: (h) => t('history.fromTo', { from: t(`status.${h.from}`), to: t(`status.${h.to}`) }),
      width: 220,
    },
    {
      id: 'actor',
      header: t('history.actor'),
      text: (h) => h.actorName ?? (h.system ? t('history.system') : t('view.formerUser')),
      truncate: true,
    },
    { id: 'reason', header: t('history.reason'), text: (h) => h.reason ?? EMPTY, truncate: true },
  ];
  const rows = [...history].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <DataTable
      bare
      label={t('view.history')}
      columns={columns}
      rows={rows}
      rowKey={(h) => `${h.at}:${h.transition}`}
      minWidth={820}
    />
  );
}

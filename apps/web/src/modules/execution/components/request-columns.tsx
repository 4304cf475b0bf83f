import { Group } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { RequestSummary } from '@amparo/shared/modules/execution.schema';
import { formatMoney } from '../../../shared/lib/format';
import type { DataColumn } from '../../../shared/ui/data-table/data-table';
import { Money } from '../../../shared/ui/format';
import { AnchorLink } from '../../../shared/ui/router-links/anchor-link';
import { RequestStatusBadge, UrgentBadge } from './request-badges';

type Row = Pick<RequestSummary, 'id' | 'number' | 'status' | 'urgent' | 'total'>;

/** The requests tables' shared columns (the list and the approvers' inbox): the number, linked to the request. */
export const numberColumn = <R extends Row>(t: TFunction): DataColumn<R> => ({
  id: 'number',
  header: t('execution:fields.number'),
  text: (r) => r.number,
  cell: (r) => (
    <AnchorLink to="/execution/requests/$request" params={{ request: r.id }} size="sm" fw={500}>
      {r.number}
    </AnchorLink>
  ),
  width: 150,
});

/** The status badge, with the urgent one beside it. */
export const statusColumn = <R extends Row>(t: TFunction): DataColumn<R> => ({
  id: 'status',
  header: t('execution:fields.status'),
  text: (r) => t(`execution:statuses.${r.status}`),
  cell: (r) => (
    <Group gap={4} wrap="nowrap">
      <RequestStatusBadge status={r.status} />
      {r.urgent && <UrgentBadge />}
    </Group>
  ),
  width: 230,
});

/** The total in Q, right-aligned. */
export const totalColumn = <R extends Row>(t: TFunction): DataColumn<R> => ({
  id: 'total',
  header: t('execution:fields.total'),
  text: (r) => formatMoney(r.total),
  cell: (r) => <Money value={r.total} />,
  align: 'right',
  width: 150,
});

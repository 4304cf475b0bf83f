import type { ReactNode } from 'react';
import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CarryForwardStatus } from '@amparo/shared/modules/assignment.schema';
import { EMPTY } from '../../../../shared/lib/format';
import { DataTable, type DataColumn } from '../../../../shared/ui/data-table/data-table';
import { DateText, Money } from '../../../../shared/ui/format';
import type { CarryForward } from '../api';

const STATUS_COLORS: Record<CarryForwardStatus, string> = { requested: 'blue', approved: 'teal', rejected: 'red' };

/** A carry-forward's state as a coloured badge (requested, approved, rejected). */
export function CarryForwardStatusBadge({ status }: { status: CarryForwardStatus }) {
  const { t } = useTranslation('budget');
  return (
    <Badge variant="light" color={STATUS_COLORS[status]}>
      {t(`budget:carryForward.status.${status}`)}
    </Badge>
  );
}

function useColumns(): DataColumn<CarryForward>[] {
  const { t } = useTranslation('budget');
  return [
    {
      id: 'item',
      header: t('budget:carryForward.fields.itemCooperating'),
      text: (f) => `${f.itemCode} - ${f.itemName} (${f.cooperatingCode})`,
      cell: (f) => (
        <Stack gap={0}>
          <Text size="sm" fw={500} truncate="end" title={`${f.itemCode} - ${f.itemName}`}>
            {f.itemCode} - {f.itemName}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {f.cooperatingCode}
          </Text>
        </Stack>
      ),
    },
    {
      id: 'years',
      header: t('budget:carryForward.fields.years'),
      text: (f) => `${f.fromYear} → ${f.toYear}`,
      width: 110,
    },
    {
      id: 'amount',
      header: t('budget:carryForward.fields.amount'),
      text: (f) => f.amount,
      cell: (f) => <Money value={f.amount} />,
      align: 'right',
      width: 124,
    },
    { id: 'reason', header: t('budget:carryForward.fields.reason'), text: (f) => f.reason, truncate: true },
    {
      id: 'status',
      header: t('budget:carryForward.fields.status'),
      text: (f) => t(`budget:carryForward.status.${f.status}`),
      cell: (f) => <CarryForwardStatusBadge status={f.status} />,
      width: 110,
    },
    {
      id: 'requestedBy',
      header: t('budget:carryForward.fields.requestedBy'),
      text: (f) => f.requestedByName,
      width: 130,
      cell: (f) => (
        <Stack gap={0}>
          <Text size="sm">{f.requestedByName ?? EMPTY}</Text>
          <Text size="xs" c="dimmed">
            <DateText value={f.createdAt} withTime />
          </Text>
        </Stack>
      ),
    },
    {
      id: 'decidedBy',
      header: t('budget:carryForward.fields.decidedBy'),
      text: (f) => f.decidedByName,
      width: 130,
      cell: (f) =>
        f.decidedByName ? (
          <Stack gap={0}>
            <Text size="sm">{f.decidedByName}</Text>
            <Text size="xs" c="dimmed">
              <DateText value={f.decidedAt} withTime />
            </Text>
          </Stack>
        ) : (
          EMPTY
        ),
    },
    {
      id: 'decisionReason',
      header: t('budget:carryForward.fields.decisionReason'),
      text: (f) => f.decisionReason ?? EMPTY,
      truncate: true,
    },
  ];
}

interface Props {
  rows: CarryForward[] | undefined;
  /** A row's history button, and its approve and reject buttons when the server offers them. */
  actions?: (row: CarryForward) => ReactNode;
  filtered: boolean;
}

/**
 * Carry-forwards, newest first: item and its cooperating, from → to year, amount (Q), reason, status, who asked
 * and when, who decided and when, and why.
 */
export function CarryForwardTable({ rows, actions, filtered }: Props) {
  const { t } = useTranslation('budget');
  const columns = useColumns();
  return (
    <DataTable
      label={t('budget:carryForward.title')}
      columns={columns}
      rows={rows}
      rowKey={(f) => f.id}
      rowAttributes={(f) => ({ 'data-testid': `carry-forward-${f.id}` })}
      actions={actions}
      actionsWidth={124}
      minWidth={actions ? 1014 : 890}
      empty={filtered ? t('budget:carryForward.emptyYear') : t('budget:carryForward.empty')}
    />
  );
}

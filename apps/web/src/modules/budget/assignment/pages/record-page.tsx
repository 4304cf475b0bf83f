import { Badge, Stack, Title } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { AssignmentKind, AssignmentRecordEntry } from '@amparo/shared/modules/assignment.schema';
import { moneyString, sumMoney } from '@amparo/shared/money';
import { DataTable, type DataColumn } from '../../../../shared/ui/data-table/data-table';
import { DateText, Money } from '../../../../shared/ui/format';
import { PageError } from '../../../../shared/ui/page-state';
import { useAssignmentRecord } from '../api';
import { CellPage, useCell } from '../components/cell-page';
import { useMonthNames } from '../lib/months';

const KIND_COLORS: Record<AssignmentKind, string> = {
  increase: 'teal',
  decrease: 'orange',
  copy: 'blue',
  transfer: 'grape',
};

/**
 * The record of a line and item (`/budget/assignment/$expense/record/$cooperatingItem`, key
 * `asignacion_historial`; issue 13 section 4): every ledger row, oldest first, with its date and time in
 * Guatemala, author, kind, month, signed amount (Q) and reason; the sum is what the item pays of the line now.
 */
export function AssignmentRecordPage() {
  const { t } = useTranslation('budget');
  const { expense, cooperatingItem } = useParams({ from: '/app/budget/assignment/$expense/record/$cooperatingItem' });
  const cell = useCell(expense, cooperatingItem);
  return (
    <CellPage cell={cell} lineId={expense} title={(item) => t('budget:assignment.record.title', { item })}>
      {() => <RecordTable lineId={expense} itemId={cooperatingItem} />}
    </CellPage>
  );
}

function RecordTable({ lineId, itemId }: { lineId: string; itemId: string }) {
  const { t } = useTranslation('budget');
  const { name } = useMonthNames();
  const record = useAssignmentRecord(lineId, itemId);
  const kind = (x: AssignmentRecordEntry) => t(`budget:assignment.kinds.${x.kind}`);
  const columns: DataColumn<AssignmentRecordEntry>[] = [
    {
      id: 'createdAt',
      header: t('budget:assignment.record.when'),
      text: (x) => x.createdAt,
      cell: (x) => <DateText value={x.createdAt} withTime />,
      width: 150,
    },
    { id: 'author', header: t('budget:assignment.record.author'), text: (x) => x.authorName, truncate: true },
    {
      id: 'kind',
      header: t('budget:assignment.record.kind'),
      text: kind,
      cell: (x) => (
        <Badge variant="light" color={KIND_COLORS[x.kind]}>
          {kind(x)}
        </Badge>
      ),
      width: 130,
    },
    {
      id: 'month',
      header: t('budget:assignment.grid.month'),
      text: (x) => name(x.month),
      cell: (x) => <span style={{ textTransform: 'capitalize' }}>{name(x.month)}</span>,
      width: 120,
    },
    {
      id: 'amount',
      header: t('budget:assignment.fields.amount'),
      text: (x) => x.amount,
      cell: (x) => <Money value={x.amount} />,
      align: 'right',
      width: 140,
    },
    { id: 'reason', header: t('budget:assignment.fields.reason'), text: (x) => x.reason, truncate: true },
  ];
  const total = moneyString(sumMoney((record.data ?? []).map((x) => x.amount)));
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('budget:assignment.record.heading')}
      </Title>
      {record.isError && <PageError error={record.error} onRetry={() => void record.refetch()} />}
      <DataTable
        label={t('budget:assignment.record.heading')}
        columns={columns}
        rows={record.data}
        rowKey={(x) => x.id}
        minWidth={900}
        empty={t('budget:assignment.record.empty')}
        summary={[t('budget:assignment.record.sum'), '', '', '', <Money key="sum" value={total} />, '']}
      />
    </Stack>
  );
}

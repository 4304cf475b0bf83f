import { Badge, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PayrollUpload } from '@amparo/shared/modules/execution-personal.schema';
import { formatDateTime, formatMoney } from '../../../shared/lib/format';
import { DataTable } from '../../../shared/ui/data-table/data-table';
import { DateText, Money } from '../../../shared/ui/format';
import { PageError } from '../../../shared/ui/page-state';
import { TablePagination } from '../../../shared/ui/table-pagination';
import { usePayrollUploads } from '../api/personal';
import { useMonthLabel } from './payroll-preview';

const PAGE_SIZE = 25;

/**
 * The payroll uploads executed (issue 27 section 4), newest first, a page of 25 from the server: the month, its
 * rows and amount, active or replaced by a later upload of the same month, who executed it and when, and the
 * start of the file's SHA-256 to tell files apart.
 */
export function PayrollUploads({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('execution');
  const monthLabel = useMonthLabel();
  const list = usePayrollUploads(page, PAGE_SIZE);
  const status = (u: PayrollUpload) => t(`execution:personal.uploads.statuses.${u.status}`);

  return (
    <Paper withBorder p="md" data-testid="payroll-uploads">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('execution:personal.uploads.title')}
        </Title>
        {list.isError && <PageError error={list.error} onRetry={() => void list.refetch()} />}
        <DataTable<PayrollUpload>
          label={t('execution:personal.uploads.title')}
          bare
          rows={list.data?.items}
          rowKey={(u) => u.id}
          minWidth={900}
          empty={t('execution:personal.uploads.empty')}
          columns={[
            {
              id: 'month',
              header: t('execution:personal.uploads.month'),
              text: (u) => monthLabel(u),
              strong: true,
              width: 170,
            },
            {
              id: 'rows',
              header: t('execution:personal.uploads.rows'),
              text: (u) => u.rows,
              align: 'right',
              width: 90,
            },
            {
              id: 'amount',
              header: t('execution:personal.uploads.amount'),
              text: (u) => formatMoney(u.amount),
              cell: (u) => <Money value={u.amount} />,
              align: 'right',
              width: 140,
            },
            {
              id: 'status',
              header: t('execution:personal.uploads.status'),
              text: status,
              cell: (u) => (
                <Badge color={u.status === 'active' ? 'teal' : 'gray'} variant="light">
                  {status(u)}
                </Badge>
              ),
              width: 130,
            },
            {
              id: 'executedAt',
              header: t('execution:personal.uploads.executedAt'),
              text: (u) => formatDateTime(u.executedAt),
              cell: (u) => <DateText value={u.executedAt} withTime />,
              width: 160,
            },
            {
              id: 'executedBy',
              header: t('execution:personal.uploads.executedBy'),
              text: (u) => u.executedByName,
              truncate: true,
              width: 200,
            },
            {
              id: 'file',
              header: t('execution:personal.uploads.file'),
              text: (u) => u.fileHash,
              cell: (u) => (
                <Text span size="sm" ff="monospace">
                  {u.fileHash}
                </Text>
              ),
              width: 140,
            },
          ]}
        />
        {list.data && list.data.total > list.data.pageSize && (
          <TablePagination
            page={page}
            pageSize={list.data.pageSize}
            total={list.data.total}
            totalCapped={list.data.totalCapped}
            onChange={onPage}
          />
        )}
      </Stack>
    </Paper>
  );
}

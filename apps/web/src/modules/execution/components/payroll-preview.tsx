import { useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Group, List, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  PAYROLL_IMPORT_COLUMNS,
  type PayrollLineTotal,
  type PayrollPreview,
} from '@amparo/shared/modules/execution-personal.schema';
import { formatDate, formatMoney } from '../../../shared/lib/format';
import { translateFieldError } from '../../../shared/lib/server-errors';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table/data-table';
import { Money } from '../../../shared/ui/format';

type Row = PayrollPreview['items'][number];
export type Lang = 'es' | 'en';

const PAGE_SIZE = 50;
const HEADERS = new Map(PAYROLL_IMPORT_COLUMNS.map((c) => [c.key, c.header]));
/** A plain decimal as the sheet's cell gives it ('4000', '4000.5'). */
const isDecimal = (v: string | null | undefined) => !!v && /^-?\d+(\.\d+)?$/.test(v.trim());

/** A column of the payroll file by its key, as its header reads in `lang` (PAYROLL_IMPORT_COLUMNS). */
export const payrollHeader = (key: string, lang: Lang) => HEADERS.get(key)?.[lang] ?? key;

/** 'marzo 2026' / 'March 2026'. */
export function useMonthLabel() {
  const { t } = useTranslation('execution');
  return (m: { year: number; month: number } | null | undefined) =>
    m ? t('execution:monthOf', { month: t(`execution:months.${m.month}`), year: m.year }) : '—';
}

interface PayrollPreviewSectionProps {
  preview: PayrollPreview;
  lang: Lang;
  downloadingErrors: boolean;
  onDownloadErrors: () => void;
  /** The execute button and what the budget said of it, under the summary. */
  children?: ReactNode;
}

/**
 * The review of a payroll file (issue 27 section 4): its month, the rows valid and with errors, the valid rows'
 * total and their sum per planning line, the month's executed upload (which executing would replace), and the
 * rows with their errors per cell, the columns named as the file's headers in the page's language.
 */
export function PayrollPreviewSection({
  preview,
  lang,
  downloadingErrors,
  onDownloadErrors,
  children,
}: PayrollPreviewSectionProps) {
  const { t } = useTranslation('execution');
  const monthLabel = useMonthLabel();
  const [page, setPage] = useState(1);
  const header = (key: string) => payrollHeader(key, lang);

  // The server answers the rows in error only (the first 1,000; the error file has them all).
  const rows = preview.items;
  const shown = rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);

  const lineColumns: DataColumn<PayrollLineTotal>[] = [
    { id: 'description', header: t('execution:personal.lines.line'), text: (l) => l.description, wrap: true },
    { id: 'program', header: t('execution:personal.lines.program'), text: (l) => l.program, width: 120 },
    { id: 'expenseType', header: t('execution:personal.lines.expenseType'), text: (l) => l.expenseType, width: 140 },
    {
      id: 'headquarter',
      header: t('execution:personal.lines.headquarter'),
      text: (l) => l.headquarterName,
      width: 160,
    },
    { id: 'rows', header: t('execution:personal.lines.rows'), text: (l) => l.rows, align: 'right', width: 90 },
    {
      id: 'amount',
      header: t('execution:personal.lines.amount'),
      text: (l) => formatMoney(l.amount),
      cell: (l) => <Money value={l.amount} />,
      align: 'right',
      width: 140,
    },
  ];

  const cellText = (r: Row, key: string) => r.values[key] ?? '';
  const rowColumns: DataColumn<Row>[] = [
    { id: 'line', header: t('execution:personal.table.row'), text: (r) => r.line, align: 'right', width: 70 },
    { id: 'collaborator', header: header('collaborator'), text: (r) => cellText(r, 'collaborator'), width: 170 },
    { id: 'month', header: header('month'), text: (r) => cellText(r, 'month'), width: 100 },
    { id: 'lineRef', header: header('line'), text: (r) => cellText(r, 'line'), truncate: true, width: 180 },
    {
      id: 'total',
      header: header('total'),
      text: (r) => cellText(r, 'total'),
      // A figure reads as money ('Q 6,010.13'); anything else is shown as the file has it, beside its error.
      cell: (r) => (isDecimal(r.values.total) ? <Money value={r.values.total} /> : cellText(r, 'total')),
      align: 'right',
      width: 130,
    },
    {
      id: 'errors',
      header: t('execution:personal.table.errors'),
      text: (r) => r.errors.length,
      cell: (r) =>
        r.errors.length === 0 ? (
          <Badge color="teal" variant="light">
            {t('execution:personal.table.ok')}
          </Badge>
        ) : (
          <List size="sm" spacing={2} c="var(--mantine-color-error)">
            {r.errors.map((e) => (
              <List.Item key={`${e.field}-${e.code}`}>
                {t('execution:personal.table.cellError', {
                  column: header(e.field),
                  error: translateFieldError(t, e),
                })}
              </List.Item>
            ))}
          </List>
        ),
    },
  ];

  return (
    <Paper withBorder p="md" data-testid="payroll-preview">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('execution:personal.preview.title')}
        </Title>
        <Text size="sm">
          {t('execution:personal.preview.month')}{' '}
          <Text span fw={600} data-testid="payroll-month">
            {monthLabel(preview.month)}
          </Text>
        </Text>
        <Group gap="xs" aria-live="polite">
          <Badge variant="light" color="gray" size="lg">
            {t('execution:personal.preview.rows', { count: preview.rows })}
          </Badge>
          <Badge variant="light" color="teal" size="lg">
            {t('execution:personal.preview.valid', { count: preview.valid })}
          </Badge>
          <Badge variant="light" color={preview.invalid ? 'red' : 'gray'} size="lg">
            {t('execution:personal.preview.invalid', { count: preview.invalid })}
          </Badge>
        </Group>
        <Text size="sm">
          {t('execution:personal.preview.total')}{' '}
          <Text span fw={600} data-testid="payroll-total">
            <Money value={preview.total} />
          </Text>
        </Text>

        {preview.existing && (
          <Alert color="yellow" icon={<IconInfoCircle size={18} />} data-testid="payroll-existing">
            {t('execution:personal.existing.notice', {
              month: monthLabel(preview.month),
              date: formatDate(preview.existing.date),
              by: preview.existing.by,
              amount: formatMoney(preview.existing.amount),
            })}
            {preview.existing.sameFile && ` ${t('execution:personal.existing.sameFile')}`}
          </Alert>
        )}

        {preview.invalid > 0 ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
            <Stack gap="xs">
              <Text size="sm">{t('execution:personal.preview.hasErrors', { count: preview.invalid })}</Text>
              <Group>
                <Button
                  size="xs"
                  variant="white"
                  color="red"
                  leftSection={<IconDownload size={14} />}
                  loading={downloadingErrors}
                  onClick={onDownloadErrors}
                >
                  {t('execution:personal.preview.downloadErrors')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : (
          preview.rows === 0 && (
            <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
              {t('execution:personal.preview.empty')}
            </Alert>
          )
        )}

        {children}

        {preview.lines.length > 0 && (
          <Stack gap="xs">
            <Title order={3} size="h5">
              {t('execution:personal.lines.title')}
            </Title>
            <DataTable
              label={t('execution:personal.lines.title')}
              columns={lineColumns}
              rows={preview.lines}
              rowKey={(l) => l.lineId}
              minWidth={760}
              summary={[t('execution:personal.lines.total'), '', '', '', '', <Money key="t" value={preview.total} />]}
            />
          </Stack>
        )}

        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('execution:personal.preview.tableLabel')}
          </Title>
          {preview.invalid > rows.length && (
            <Text size="sm" c="dimmed">
              {t('execution:personal.preview.firstErrors', { shown: rows.length, count: preview.invalid })}
            </Text>
          )}
          <DataTable
            label={t('execution:personal.preview.tableLabel')}
            columns={rowColumns}
            rows={shown}
            rowKey={(r) => String(r.line)}
            minWidth={860}
            empty={t('execution:personal.preview.noErrors')}
          />
          {rows.length > PAGE_SIZE && (
            <Group justify="flex-end">
              <Pagination total={Math.ceil(rows.length / PAGE_SIZE)} value={page} onChange={setPage} size="sm" />
            </Group>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

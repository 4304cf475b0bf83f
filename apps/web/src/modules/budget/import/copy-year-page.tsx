import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Modal,
  NumberInput,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCopy } from '@tabler/icons-react';
import { useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { MONTH_ABBREVIATIONS, type CopyLine } from '@amparo/shared/modules/budget-import.schema';
import { PLAN_YEAR_MAX, PLAN_YEAR_MIN } from '@amparo/shared/modules/budget.schema';
import type { FieldError } from '@amparo/shared/errors';
import { todayInGuatemala } from '@amparo/shared/format';
import { applyServerErrors, translateFieldError } from '../../../shared/lib/server-errors';
import { notifyError, notifySuccess } from '../../../shared/lib/notify';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table/data-table';
import { Money } from '../../../shared/ui/format';
import { PageHeader } from '../../../shared/ui/page-header';
import { QueryStatus } from '../../../shared/ui/page-state';
import { TablePagination } from '../../../shared/ui/table-pagination';
import { useCopyYear, useCopyYearPreview } from './api';

const PAGE_SIZE = 25;
type Skipped = CopyLine & { reasons: FieldError[] };

/** The source year typed, when it is a year whose next one can be planned. */
const validYear = (v: string | number) =>
  typeof v === 'number' && Number.isInteger(v) && v >= PLAN_YEAR_MIN && v < PLAN_YEAR_MAX ? v : null;

/**
 * Budget › POA › Copy to the next year (`/budget/planning/copy-year`, key
 * presupuesto_planificacion; issue 13 section 3): choose the source year (`?from=`, else this one), see
 * what the copy will create in the next one (count, totals per month and
 * for the year in Q, the lines) and which lines are left out and why (an item,
 * user or headquarter now inactive), then confirm. The copy sends the count
 * and total it showed: the server refuses it when the plan changed since, or
 * when the year was already copied.
 */
export function CopyYearPage() {
  const { t, i18n } = useTranslation('budget');
  const lang = i18n.language.startsWith('en') ? 'en' : 'es';
  const asked = validYear(useSearch({ from: '/app/budget/planning/copy-year' }).from ?? '');
  const [year, setYear] = useState<string | number>(asked ?? Number(todayInGuatemala().slice(0, 4)));
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<{ created: number; to: number } | null>(null);
  const from = validYear(year);
  const preview = useCopyYearPreview(from, page, PAGE_SIZE);
  const copy = useCopyYear();
  const p = preview.data && preview.data.from === from ? preview.data : null;

  const run = async () => {
    if (!p) return;
    try {
      const result = await copy.mutateAsync({ from: p.from, expectedLines: p.lines, expectedTotal: p.totals.total });
      setDone(result);
      notifySuccess(t('copyYear.done', { count: result.created, to: result.to }));
    } catch (error) {
      notifyError(applyServerErrors(error, t));
    } finally {
      setConfirming(false);
    }
  };

  const field = (name: string) => t(`copyYear.fields.${name}`, { defaultValue: name });
  const lineColumns: DataColumn<CopyLine>[] = [
    { id: 'strategicAxis', header: field('strategicAxis'), text: (l) => l.strategicAxis, width: 130 },
    { id: 'program', header: field('program'), text: (l) => l.program, width: 130 },
    { id: 'expenseType', header: field('expenseType'), text: (l) => l.expenseType, width: 130 },
    { id: 'description', header: field('description'), text: (l) => l.description, truncate: true },
    {
      id: 'responsible',
      header: field('responsibleId'),
      text: (l) => l.responsibleName,
      truncate: true,
      width: 170,
      visibleFrom: 'xl',
    },
    {
      id: 'total',
      header: t('copyYear.total'),
      text: (l) => l.totalAmount,
      cell: (l) => <Money value={l.totalAmount} />,
      align: 'right',
      width: 130,
    },
  ];
  const skippedColumns: DataColumn<Skipped>[] = [
    ...(lineColumns.filter((c) => c.id !== 'responsible') as DataColumn<Skipped>[]),
    {
      id: 'reasons',
      header: t('copyYear.reasons'),
      text: (l) => l.reasons.length,
      cell: (l) => (
        <List size="sm" spacing={2}>
          {l.reasons.map((r) => (
            <List.Item key={`${r.field}-${r.code}`}>
              {t('copyYear.reason', { field: field(r.field), error: translateFieldError(t, r) })}
            </List.Item>
          ))}
        </List>
      ),
      width: 260,
    },
  ];
  const monthTotals = p
    ? [
        ...MONTH_ABBREVIATIONS[lang].map((label, i) => ({ label, value: p.totals.months[i]! })),
        { label: t('copyYear.total'), value: p.totals.total },
      ]
    : [];

  return (
    <Stack gap="md">
      <PageHeader title={t('copyYear.title')} description={t('copyYear.description')} />
      <Paper withBorder p="md">
        <Group align="flex-end" gap="md" wrap="wrap">
          <NumberInput
            label={t('copyYear.from')}
            description={from ? t('copyYear.target', { to: from + 1 }) : t('copyYear.yearHint')}
            value={year}
            onChange={(v) => {
              setYear(v);
              setPage(1);
              setDone(null);
            }}
            min={PLAN_YEAR_MIN}
            max={PLAN_YEAR_MAX - 1}
            allowDecimal={false}
            thousandSeparator={false}
            w={220}
          />
        </Group>
      </Paper>

      {from !== null && !p && <QueryStatus query={preview} />}
      {done && (
        <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status" data-testid="copy-done">
          {t('copyYear.done', { count: done.created, to: done.to })}
        </Alert>
      )}

      {p && (
        <Paper withBorder p="md" data-testid="copy-preview">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('copyYear.previewTitle', { from: p.from, to: p.to })}
            </Title>
            <Group gap="xs" aria-live="polite">
              <Badge size="lg" variant="light" color="teal">
                {t('copyYear.lines', { count: p.lines })}
              </Badge>
              <Badge size="lg" variant="light" color={p.skipped.length ? 'yellow' : 'gray'}>
                {t('copyYear.skippedCount', { count: p.skipped.length })}
              </Badge>
            </Group>
            <SimpleGrid
              cols={{ base: 3, sm: 7, lg: 13 }}
              spacing="xs"
              role="group"
              aria-label={t('copyYear.totalsLabel')}
            >
              {monthTotals.map((m) => (
                <Stack key={m.label} gap={0}>
                  <Text size="xs" c="dimmed">
                    {m.label}
                  </Text>
                  <Text size="sm" fw={m.label === t('copyYear.total') ? 700 : 500}>
                    <Money value={m.value} />
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
            {p.alreadyCopied > 0 && (
              <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
                {t('copyYear.alreadyCopied', { count: p.alreadyCopied, to: p.to })}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button
                leftSection={<IconCopy size={16} />}
                disabled={p.lines === 0 || p.alreadyCopied > 0 || copy.isPending}
                onClick={() => setConfirming(true)}
              >
                {t('copyYear.submit', { count: p.lines, to: p.to })}
              </Button>
            </Group>
            <Title order={3} size="h5">
              {t('copyYear.linesTitle')}
            </Title>
            <DataTable
              label={t('copyYear.linesTitle')}
              columns={lineColumns}
              rows={p.items}
              rowKey={(l) => l.id}
              minWidth={760}
              empty={t('copyYear.empty', { from: p.from })}
            />
            {p.lines > PAGE_SIZE && (
              <TablePagination
                page={page}
                pageSize={PAGE_SIZE}
                total={p.lines}
                totalCapped={false}
                onChange={setPage}
              />
            )}
            {p.skipped.length > 0 && (
              <>
                <Title order={3} size="h5">
                  {t('copyYear.skippedTitle')}
                </Title>
                <Text size="sm" c="dimmed">
                  {t('copyYear.skippedHelp')}
                </Text>
                <DataTable
                  label={t('copyYear.skippedTitle')}
                  columns={skippedColumns}
                  rows={p.skipped}
                  rowKey={(l) => l.id}
                  minWidth={760}
                />
              </>
            )}
          </Stack>
        </Paper>
      )}

      <Modal
        opened={confirming}
        onClose={() => !copy.isPending && setConfirming(false)}
        title={t('copyYear.confirmTitle')}
        centered
      >
        {p && (
          <Stack gap="md">
            <Text>
              {t('copyYear.confirm', { count: p.lines, from: p.from, to: p.to })} <Money value={p.totals.total} />.
            </Text>
            {copy.isPending && (
              <Stack gap={4} aria-live="polite">
                <Text size="sm">{t('copyYear.copying')}</Text>
                <Progress value={100} animated striped aria-label={t('copyYear.copying')} />
              </Stack>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(false)} disabled={copy.isPending}>
                {t('common:actions.cancel')}
              </Button>
              <Button onClick={() => void run()} loading={copy.isPending} leftSection={<IconCopy size={16} />}>
                {t('copyYear.confirmButton')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

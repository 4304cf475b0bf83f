import { Badge, Box, Group, LoadingOverlay, Paper, Select, SegmentedControl, Stack, Title } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import {
  EXECUTION_BUDGET_DIMENSIONS,
  type ExecutionBudget,
  type ExecutionBudgetDimension,
  type ExecutionBudgetRequest,
} from '@amparo/shared/modules/execution-budget.schema';
import { useCatalog } from '../../../shared/hooks/use-catalog';
import { formatMoney } from '../../../shared/lib/format';
import { useContractSearch } from '../../../shared/lib/url-search';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table/data-table';
import { ExportButtons } from '../../../shared/ui/export-buttons';
import { Money } from '../../../shared/ui/format';
import { PageHeader } from '../../../shared/ui/page-header';
import { PageError, PageLoader } from '../../../shared/ui/page-state';
import { TablePagination } from '../../../shared/ui/table-pagination';
import { downloadExecutionBudget, useBudgetRequests, useExecutionBudget } from '../api/budget-view';
import { budgetViewSearch, type BudgetViewSearch } from '../lib/budget-search';

type Row = ExecutionBudget['rows'][number];
type Figures = ExecutionBudget['total'];

/** Where a row's click goes: narrowed to it, by the next dimension (an item: its requests stay below). */
const NEXT: Record<ExecutionBudgetDimension, ExecutionBudgetDimension> = {
  axis: 'program',
  program: 'expense_type',
  expense_type: 'item',
  cooperating: 'item',
  item: 'item',
};
const CATALOG: Partial<Record<ExecutionBudgetDimension, string>> = {
  axis: 'strategic_axis',
  program: 'program',
  expense_type: 'expense_type',
};
const DRILL = ['axis', 'program', 'expenseType', 'cooperatingId', 'itemId'] as const;

/**
 * Ejecución › Ejecución presupuestaria (`/execution/budget`, key ejecucion_administracion; issue 27 section 3): a
 * year's or a range of its months' planned, assigned, committed, executed and available amounts by strategic axis,
 * program, expense type, cooperating or item. A row's click narrows the view to it (the narrowing shows as
 * removable badges), and the requests behind the figures are listed under it, each opening its page with its
 * invoices. Exported as xlsx or PDF with the same filters. Amounts in Q, exact.
 */
export function BudgetPage() {
  const { t } = useTranslation('execution');
  const navigate = useNavigate();
  const search = useContractSearch(budgetViewSearch, useSearch({ from: '/app/execution/budget' }));
  const update = (patch: Partial<BudgetViewSearch>) =>
    void navigate({ to: '/execution/budget', search: { ...search, page: 1, ...patch }, replace: true });
  const view = useExecutionBudget(search);
  const requests = useBudgetRequests(search);
  const axes = useCatalog('strategic_axis');
  const programs = useCatalog('program');
  const types = useCatalog('expense_type');
  const catalogs: Record<string, ReturnType<typeof useCatalog>> = {
    strategic_axis: axes,
    program: programs,
    expense_type: types,
  };
  const labelOf = (by: ExecutionBudgetDimension, r: Row) => {
    if (r.name) return r.name;
    const catalog = CATALOG[by];
    return catalog ? `${r.key} - ${catalogs[catalog]!.labelOf(r.key) ?? r.key}` : r.key;
  };
  const drill = (r: Row) => {
    const by = view.data?.by ?? search.by;
    const patch: Partial<BudgetViewSearch> = { by: NEXT[by] };
    if (by === 'axis') patch.axis = r.key;
    if (by === 'program') Object.assign(patch, { program: r.key, axis: r.axis ?? search.axis });
    if (by === 'expense_type') patch.expenseType = r.key;
    if (by === 'cooperating') patch.cooperatingId = r.key;
    if (by === 'item') Object.assign(patch, { itemId: r.key, cooperatingId: r.cooperatingId ?? undefined });
    update(patch);
  };
  const months = Array.from({ length: 12 }, (_, i) => ({
    value: String(i + 1),
    label: t(`execution:months.${i + 1}`),
  }));
  const years = Array.from({ length: 7 }, (_, i) => String(search.year - 3 + i));
  const data = view.data;
  const hasPlan = data?.total.planned !== null;
  const money = (pick: (f: Figures) => string | null, id: string, header: string): DataColumn<Row> => ({
    id,
    header,
    text: (r) => (pick(r) === null ? '' : formatMoney(pick(r)!)),
    cell: (r) => (pick(r) === null ? null : <Money value={pick(r)!} />),
    align: 'right',
    width: 140,
  });
  const figure = (f: Figures | undefined, key: keyof Figures) => (f?.[key] ? formatMoney(f[key]) : '');
  return (
    <Stack gap="md">
      <PageHeader
        title={t('execution:budgetView.title')}
        description={t('execution:budgetView.description')}
        actions={<Exports search={search} />}
      />
      <Paper withBorder p="md">
        <Group align="flex-end" wrap="wrap">
          <Select
            label={t('execution:budgetView.year')}
            data={years}
            allowDeselect={false}
            value={String(search.year)}
            onChange={(v) => v && update({ year: Number(v) })}
            w={120}
          />
          <Select
            label={t('execution:budgetView.fromMonth')}
            data={months}
            allowDeselect={false}
            value={String(search.fromMonth)}
            onChange={(v) => v && update({ fromMonth: Number(v), toMonth: Math.max(Number(v), search.toMonth) })}
            w={150}
          />
          <Select
            label={t('execution:budgetView.toMonth')}
            data={months.filter((m) => Number(m.value) >= search.fromMonth)}
            allowDeselect={false}
            value={String(Math.max(search.fromMonth, search.toMonth))}
            onChange={(v) => v && update({ toMonth: Number(v) })}
            w={150}
          />
          <SegmentedControl
            aria-label={t('execution:budgetView.by')}
            value={search.by}
            onChange={(v) => update({ by: v as ExecutionBudgetDimension })}
            data={EXECUTION_BUDGET_DIMENSIONS.map((d) => ({
              value: d,
              label: t(`execution:budgetView.dimensions.${d}`),
            }))}
          />
        </Group>
        <Group gap="xs" mt="sm" data-testid="budget-drill">
          {DRILL.filter((k) => search[k]).map((k) => (
            <Badge
              key={k}
              variant="light"
              rightSection={
                <IconX
                  size={12}
                  role="button"
                  aria-label={t('execution:budgetView.clear', { filter: t(`execution:budgetView.filters.${k}`) })}
                  style={{ cursor: 'pointer' }}
                  onClick={() => update({ [k]: undefined })}
                />
              }
            >
              {t(`execution:budgetView.filters.${k}`)}: {filterLabel(k, search[k]!, data, catalogs)}
            </Badge>
          ))}
        </Group>
      </Paper>
      {view.isError && <PageError error={view.error} onRetry={() => void view.refetch()} />}
      {view.isPending && <PageLoader />}
      {data && (
        <Box pos="relative">
          <LoadingOverlay visible={view.isPlaceholderData} overlayProps={{ blur: 1 }} zIndex={5} />
          <DataTable<Row>
            label={t('execution:budgetView.table')}
            rows={data.rows}
            rowKey={(r) => `${r.axis ?? ''}:${r.key}`}
            onRowClick={drill}
            minWidth={960}
            empty={t('execution:budgetView.empty')}
            columns={[
              {
                id: 'name',
                header: t(`execution:budgetView.dimensions.${data.by}`),
                text: (r) => labelOf(data.by, r),
                strong: true,
                wrap: true,
              },
              ...(hasPlan ? [money((f) => f.planned, 'planned', t('execution:budgetView.figures.planned'))] : []),
              money((f) => f.assigned, 'assigned', t('execution:budgetView.figures.assigned')),
              money((f) => f.committed, 'committed', t('execution:budgetView.figures.committed')),
              money((f) => f.executed, 'executed', t('execution:budgetView.figures.executed')),
              money((f) => f.available, 'available', t('execution:budgetView.figures.available')),
              {
                id: 'percent',
                header: t('execution:budgetView.figures.percent'),
                text: (r) => (r.executedPercent === null ? '' : `${r.executedPercent} %`),
                align: 'right',
                width: 100,
              },
            ]}
            summary={[
              t('execution:budgetView.total'),
              ...(hasPlan ? [figure(data.total, 'planned')] : []),
              figure(data.total, 'assigned'),
              figure(data.total, 'committed'),
              figure(data.total, 'executed'),
              figure(data.total, 'available'),
              data.total.executedPercent === null ? '' : `${data.total.executedPercent} %`,
            ]}
          />
        </Box>
      )}
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          {t('execution:budgetView.requests')}
        </Title>
        <DataTable<ExecutionBudgetRequest>
          label={t('execution:budgetView.requests')}
          bare
          rows={requests.data?.items}
          rowKey={(r) => r.id}
          onRowClick={(r) => void navigate({ to: '/execution/requests/$request', params: { request: r.id } })}
          minWidth={860}
          empty={t('execution:budgetView.noRequests')}
          columns={[
            { id: 'number', header: t('execution:fields.number'), text: (r) => r.number, strong: true, width: 150 },
            {
              id: 'description',
              header: t('execution:fields.description'),
              text: (r) => r.description,
              truncate: true,
            },
            { id: 'requester', header: t('execution:fields.requester'), text: (r) => r.requesterName, width: 180 },
            {
              id: 'status',
              header: t('execution:fields.status'),
              text: (r) => t(`execution:statuses.${r.status}`),
              width: 170,
            },
            {
              id: 'committed',
              header: t('execution:budgetView.figures.committed'),
              text: (r) => formatMoney(r.committed),
              align: 'right',
              width: 130,
            },
            {
              id: 'executed',
              header: t('execution:budgetView.figures.executed'),
              text: (r) => formatMoney(r.executed),
              align: 'right',
              width: 130,
            },
            {
              id: 'invoices',
              header: t('execution:budgetView.invoices'),
              text: (r) => r.invoices,
              align: 'right',
              width: 90,
            },
          ]}
        />
        {requests.data && requests.data.total > requests.data.pageSize && (
          <TablePagination
            page={search.page}
            pageSize={requests.data.pageSize}
            total={requests.data.total}
            totalCapped={requests.data.totalCapped}
            onChange={(page) => void navigate({ to: '/execution/budget', search: { ...search, page }, replace: true })}
          />
        )}
      </Paper>
    </Stack>
  );
}

/** A drill-down filter's value as the badge shows it: a catalog code with its name, or a funder's name. */
function filterLabel(
  key: (typeof DRILL)[number],
  value: string,
  data: ExecutionBudget | undefined,
  catalogs: Record<string, { labelOf: (code: string) => string | null }>,
) {
  const catalog = { axis: 'strategic_axis', program: 'program', expenseType: 'expense_type' }[key as string];
  if (catalog) return `${value} - ${catalogs[catalog]!.labelOf(value) ?? value}`;
  return data?.rows.find((r) => r.key === value)?.name ?? value.slice(0, 8);
}

/** The view's xlsx and PDF, with the page's filters, in the UI language. */
function Exports({ search }: { search: BudgetViewSearch }) {
  const { t } = useTranslation('execution');
  return (
    <ExportButtons
      download={(format, lang) => downloadExecutionBudget(format, lang, search)}
      labels={{ xlsx: t('execution:budgetView.exportXlsx'), pdf: t('execution:budgetView.exportPdf') }}
    />
  );
}

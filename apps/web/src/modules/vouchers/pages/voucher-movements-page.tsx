import { useState } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { formatCount } from '@amparo/shared/format';
import type { VoucherMovement, VoucherRange } from '@amparo/shared/modules/vouchers.schema';
import { useContractSearch } from '../../../shared/lib/url-search';
import { BackHeader } from '../../../shared/ui/back-header';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table/data-table';
import { DateText, Money } from '../../../shared/ui/format';
import { PageError, PageLoader } from '../../../shared/ui/page-state';
import { TablePagination } from '../../../shared/ui/table-pagination';
import { VOUCHER_MOVEMENTS_PAGE_SIZE, voucherMovementsSearch, type VoucherMovementsSearch } from '../api/list-search';
import { useVoucherMovements, useVoucherRange } from '../api/queries';
import { MovementsFilters } from '../components/movements-filters';
import { rangeName } from '../components/voucher-form-values';
import { VoucherMovementBadge, VoucherStateBadge } from '../components/voucher-state-badge';
import { VoidVoucherModal } from '../components/void-voucher-modal';

const FROM = '/app/configuration/vouchers/$id/movements';

/** One figure of the range's header: its label above, its value below. */
function Figure({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Stack>
  );
}

/** The range's header: what it is, its numbers and its counts (they add up to the total). */
function RangeSummary({ range }: { range: VoucherRange }) {
  const { t } = useTranslation('vouchers');
  return (
    <Paper withBorder p="md">
      <Group gap="xl" align="flex-start" wrap="wrap">
        <Figure label={t('vouchers:fields.kind')} value={t(`vouchers:kinds.${range.kind}`)} />
        <Figure label={t('vouchers:fields.series')} value={range.series || t('vouchers:noSeries')} />
        <Figure
          label={t('vouchers:fields.range')}
          value={t('vouchers:rangeOf', { start: range.start, end: range.end })}
        />
        <Figure label={t('vouchers:fields.expiresOn')} value={<DateText value={range.expiresOn} />} />
        <Figure label={t('vouchers:fields.total')} value={formatCount(range.total)} />
        <Figure label={t('vouchers:fields.available')} value={formatCount(range.available)} />
        <Figure label={t('vouchers:fields.reserved')} value={formatCount(range.reserved)} />
        <Figure label={t('vouchers:fields.used')} value={formatCount(range.used)} />
        <Figure label={t('vouchers:fields.voided')} value={formatCount(range.voided)} />
        <Figure label={t('vouchers:fields.faceValue')} value={<Money value={range.faceValue} />} />
        <Figure
          label={t('vouchers:fields.headquarter')}
          value={range.headquarterName ?? t('vouchers:fields.allHeadquarters')}
        />
      </Group>
    </Paper>
  );
}

/**
 * Configuración › Vales › movements (`/configuration/vouchers/$id/movements`; the spec's 'Transaction vouchers'):
 * a range's counts and what happened to each of its numbers, newest first, by number and kind in the URL; a
 * lost or damaged voucher is voided here, with the reason.
 */
export function VoucherMovementsPage() {
  const { t } = useTranslation('vouchers');
  const navigate = useNavigate({ from: '/configuration/vouchers/$id/movements' });
  const { id } = useParams({ from: FROM });
  const search = useContractSearch(voucherMovementsSearch, useSearch({ from: FROM }));
  const setSearch = (next: Partial<VoucherMovementsSearch>) =>
    void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true });
  const [voiding, setVoiding] = useState(false);
  const range = useVoucherRange(id);
  const movements = useVoucherMovements(id, {
    number: search.number,
    kind: search.movement,
    page: search.page,
    pageSize: VOUCHER_MOVEMENTS_PAGE_SIZE,
    order: 'desc',
  });

  if (range.isPending) return <PageLoader />;
  if (range.isError) return <PageError error={range.error} onRetry={() => void range.refetch()} />;

  const filtered = search.number !== undefined || !!search.movement;
  const referenceOf = (m: VoucherMovement) =>
    m.referenceType
      ? [
          t(`vouchers:movements.referenceTypes.${m.referenceType}`, { defaultValue: m.referenceType }),
          m.referenceId?.slice(0, 8),
        ]
          .filter(Boolean)
          .join(' · ')
      : null;
  const columns: DataColumn<VoucherMovement>[] = [
    {
      id: 'at',
      header: t('vouchers:movements.at'),
      text: (m) => m.at,
      cell: (m) => <DateText value={m.at} withTime />,
      width: 150,
    },
    {
      id: 'number',
      header: t('vouchers:movements.number'),
      text: (m) => m.number,
      align: 'right',
      width: 110,
      strong: true,
    },
    {
      id: 'kind',
      header: t('vouchers:movements.kind'),
      cell: (m) => <VoucherMovementBadge kind={m.kind} />,
      width: 130,
    },
    { id: 'reference', header: t('vouchers:movements.reference'), text: referenceOf, wrap: true, width: 200 },
    { id: 'note', header: t('vouchers:movements.note'), text: (m) => m.note, wrap: true },
    { id: 'actor', header: t('vouchers:movements.actor'), text: (m) => m.actorName, wrap: true, width: 220 },
  ];

  return (
    <Stack gap="md">
      <BackHeader
        title={rangeName(range.data)}
        back={{ to: '/configuration/vouchers/list' }}
        backLabel={t('vouchers:movements.back')}
        badge={<VoucherStateBadge state={range.data.state} />}
        actions={
          <Button
            color="red"
            variant="light"
            leftSection={<IconBan size={16} />}
            disabled={range.data.available === 0}
            onClick={() => setVoiding(true)}
          >
            {t('vouchers:void.action')}
          </Button>
        }
      />
      <RangeSummary range={range.data} />
      <Paper withBorder p="md">
        <MovementsFilters search={search} onChange={(patch) => setSearch({ ...patch, page: 1 })} />
      </Paper>
      {movements.isError && <PageError error={movements.error} onRetry={() => void movements.refetch()} />}
      <DataTable
        label={t('vouchers:movements.tableLabel')}
        columns={columns}
        rows={movements.data?.items}
        loadingRows={5}
        rowKey={(m) => m.id}
        minWidth={760}
        empty={
          <Text c="dimmed" ta="center" py="md">
            {filtered ? t('vouchers:movements.emptyFiltered') : t('vouchers:movements.emptyNone')}
          </Text>
        }
      />
      {movements.data && (
        <Group justify="flex-end">
          <TablePagination
            page={movements.data.page}
            pageSize={movements.data.pageSize}
            total={movements.data.total}
            totalCapped={movements.data.totalCapped}
            onChange={(page) => setSearch({ page })}
          />
        </Group>
      )}
      <VoidVoucherModal range={range.data} opened={voiding} onClose={() => setVoiding(false)} />
    </Stack>
  );
}

import { useState } from 'react';
import { ActionIcon, Group, Paper, Progress, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowsDiff, IconPlus } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { CooperatingItemSummary } from '@amparo/shared/modules/cooperating.schema';
import { money, moneyString, sumMoney } from '@amparo/shared/money';
import { BackHeader } from '../../../shared/ui/back-header';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table/data-table';
import { Money } from '../../../shared/ui/format';
import { PageError, PageLoader } from '../../../shared/ui/page-state';
import { RowActions } from '../../../shared/ui/row-actions';
import { CooperatingLinks } from '../components/cooperating-links';
import { ButtonLink } from '../../../shared/ui/router-links/button-link';
import { useCooperating, useCooperatingItems } from '../api/queries';
import { TransactionsModal } from '../components/transactions-modal';

/**
 * A cooperating's items (`/configuration/cooperating/$id/items`, spec section 2; issue 13 section 2): each
 * item's initial amount, sums, subtractions and current amount (Q, computed by the server from the
 * transactions), the items' total against the ceiling, and each item's transactions in a modal.
 */
export function CooperatingItemsPage() {
  const { t } = useTranslation('cooperating');
  const { id } = useParams({ from: '/app/configuration/cooperating/$id/items' });
  const cooperating = useCooperating(id);
  const items = useCooperatingItems(id);
  const [openItemId, setOpenItemId] = useState<string | null>(null);

  if (cooperating.isPending) return <PageLoader />;
  if (cooperating.isError) return <PageError error={cooperating.error} onRetry={() => void cooperating.refetch()} />;
  const c = cooperating.data;
  const rows = items.data;
  const openItem = rows?.find((i) => i.id === openItemId) ?? null;
  // Share of the ceiling in use, for the bar only (the amounts shown are the server's strings).
  const usage = money(c.ceiling).isZero()
    ? 0
    : Math.min(100, money(c.itemsTotal).div(c.ceiling).times(100).toDecimalPlaces(1).toNumber());
  const total = (pick: (i: CooperatingItemSummary) => string) => moneyString(sumMoney((rows ?? []).map(pick)));

  const columns: DataColumn<CooperatingItemSummary>[] = [
    { id: 'code', header: t('cooperating:items.fields.code'), text: (i) => i.code, strong: true, width: 110 },
    { id: 'name', header: t('cooperating:items.fields.name'), text: (i) => i.name, truncate: true },
    {
      id: 'initial',
      header: t('cooperating:items.fields.initial'),
      text: (i) => i.initialAmount,
      cell: (i) => <Money value={i.initialAmount} />,
      align: 'right',
      width: 140,
    },
    {
      id: 'sums',
      header: t('cooperating:items.fields.sums'),
      text: (i) => i.sums,
      cell: (i) => <Money value={i.sums} />,
      align: 'right',
      width: 130,
    },
    {
      id: 'subtractions',
      header: t('cooperating:items.fields.subtractions'),
      text: (i) => i.subtractions,
      cell: (i) => <Money value={i.subtractions} />,
      align: 'right',
      width: 130,
    },
    {
      id: 'current',
      header: t('cooperating:items.fields.currentAmount'),
      text: (i) => i.currentAmount,
      cell: (i) => (
        <Text span fw={600} size="sm">
          <Money value={i.currentAmount} />
        </Text>
      ),
      align: 'right',
      width: 150,
    },
    { id: 'goals', header: t('cooperating:items.fields.goals'), text: (i) => i.goalCount, align: 'right', width: 80 },
  ];

  return (
    <Stack gap="md">
      <BackHeader
        title={t('cooperating:items.title', { name: c.name })}
        back={{ to: '/configuration/cooperating/list' }}
        backLabel={t('cooperating:backToList')}
        actions={
          <>
            <CooperatingLinks id={id} current="items" />
            <ButtonLink
              to="/configuration/cooperating/$id/item/add"
              params={{ id }}
              leftSection={<IconPlus size={16} />}
            >
              {t('cooperating:items.add')}
            </ButtonLink>
          </>
        }
      />
      <Paper withBorder p="md" data-testid="ceiling-summary">
        <SimpleGrid cols={{ base: 1, sm: 3 }} mb="sm">
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {t('cooperating:fields.ceiling')}
            </Text>
            <Text fw={600}>
              <Money value={c.ceiling} />
            </Text>
          </Stack>
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {t('cooperating:fields.itemsTotal')}
            </Text>
            <Text fw={600}>
              <Money value={c.itemsTotal} />
            </Text>
          </Stack>
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {t('cooperating:fields.available')}
            </Text>
            <Text fw={600}>
              <Money value={c.available} />
            </Text>
          </Stack>
        </SimpleGrid>
        <Progress
          value={usage}
          aria-label={t('cooperating:items.usage')}
          color={usage >= 100 ? 'orange' : 'teal'}
          size="lg"
        />
        <Text size="sm" mt="xs" aria-live="polite">
          {t('cooperating:items.ceilingSummary', { total: c.itemsTotal, ceiling: c.ceiling })}.{' '}
          {t('cooperating:items.availableSummary', { available: c.available })}
        </Text>
      </Paper>
      {items.isError && <PageError error={items.error} onRetry={() => void items.refetch()} />}
      <DataTable
        label={t('cooperating:items.tableLabel')}
        columns={columns}
        rows={rows}
        rowKey={(i) => i.id}
        minWidth={900}
        actionsWidth={90}
        empty={t('cooperating:items.empty')}
        summary={[
          t('cooperating:items.total'),
          '',
          <Money key="initial" value={total((i) => i.initialAmount)} />,
          <Money key="sums" value={total((i) => i.sums)} />,
          <Money key="subtractions" value={total((i) => i.subtractions)} />,
          <Money key="current" value={c.itemsTotal} />,
          '',
          '',
        ]}
        actions={(item) => (
          <Group gap={4} wrap="nowrap">
            <Tooltip label={t('cooperating:items.transactions', { code: item.code })}>
              <ActionIcon
                variant="subtle"
                onClick={() => setOpenItemId(item.id)}
                aria-label={t('cooperating:items.transactions', { code: item.code })}
              >
                <IconArrowsDiff size={18} />
              </ActionIcon>
            </Tooltip>
            <RowActions
              name={item.code}
              edit={{ to: '/configuration/cooperating/$id/item/edit/$item', params: { id, item: item.id } }}
            />
          </Group>
        )}
      />
      <TransactionsModal cooperating={c} item={openItem} onClose={() => setOpenItemId(null)} />
    </Stack>
  );
}

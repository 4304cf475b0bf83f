import { useState, type ReactNode } from 'react';
import { ActionIcon, Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCash, IconPencil, IconPlus, IconReceiptRefund, IconTrash } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { money } from '@amparo/shared/money';
import type { PettyCashCount, PettyCashExpense } from '@amparo/shared/modules/petty-cash.schema';
import { useCurrentUser } from '../../../shared/hooks/use-current-user';
import { useDeleteConfirm } from '../../../shared/hooks/use-delete-confirm';
import { EMPTY, formatDate, formatDateTime, formatMoney } from '../../../shared/lib/format';
import { can } from '../../../shared/lib/session';
import { ActiveBadge } from '../../../shared/ui/active-badge';
import { BackHeader } from '../../../shared/ui/back-header';
import { DataTable } from '../../../shared/ui/data-table/data-table';
import { DateText, Money } from '../../../shared/ui/format';
import { PageError, PageLoader } from '../../../shared/ui/page-state';
import { AnchorLink } from '../../../shared/ui/router-links/anchor-link';
import { ButtonLink } from '../../../shared/ui/router-links/button-link';
import { usePettyCashFund, useRemovePettyCashExpense } from '../api/petty-cash';
import { CountModal, DifferenceText, ExpenseModal } from '../components/petty-cash-modals';
import { currentMonth, monthParam } from '../lib/month';

function Section({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" component="section" aria-label={title}>
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4">
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Paper>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" component="div" fw={500}>
        {children}
      </Text>
    </div>
  );
}

function RequestLink({ id, number }: { id: string | null; number: string | null }) {
  const { t } = useTranslation('execution');
  if (!id || !number)
    return (
      <Text span size="sm" c="dimmed">
        {t('execution:pettyCash.expenses.pending')}
      </Text>
    );
  return (
    <AnchorLink to="/execution/requests/$request" params={{ request: id }} size="sm">
      {number}
    </AnchorLink>
  );
}

/**
 * One petty-cash fund (`/execution/petty-cash/$fund`; issue 26 section 3): its amount, the receipts waiting for a
 * replenishment and the cash the box should hold; its expenses (the custodian records them and removes one
 * recorded by mistake while no request includes it) and its counts, each with its difference (a shortage in red).
 * On the latest count, not yet replenished and asking for something, the custodian asks for its replenishment.
 */
export function PettyCashFundPage() {
  const { t } = useTranslation('execution');
  const { fund: id } = useParams({ from: '/app/execution/petty-cash/$fund' });
  const query = usePettyCashFund(id);
  const user = useCurrentUser();
  const remove = useRemovePettyCashExpense(id);
  const [modal, setModal] = useState<'expense' | 'count' | null>(null);
  const removal = useDeleteConfirm<PettyCashExpense>({
    remove: (e) => remove.mutateAsync(e.id),
    nameOf: (e) => e.description,
  });

  if (query.isPending) return <PageLoader />;
  if (query.isError) return <PageError error={query.error} onRetry={() => void query.refetch()} />;
  const fund = query.data;
  const admin = can(user, 'ejecucion_administracion');
  const custodian = !!user && user.id === fund.custodianId && can(user, 'ejecucion_solicitudes');
  const latest = fund.counts[0];
  const replenishable =
    custodian && fund.active && latest && !latest.requestId && money(latest.replenishment).greaterThan(0);

  return (
    <Stack gap="lg">
      <BackHeader
        title={t('execution:pettyCash.fundTitle', { name: fund.headquarterName })}
        back={{ to: '/execution/petty-cash/list' }}
        backLabel={t('execution:pettyCash.back')}
        badge={<ActiveBadge active={fund.active} />}
        actions={
          admin && (
            <ButtonLink
              to="/execution/petty-cash/$fund/edit"
              params={{ fund: fund.id }}
              variant="light"
              leftSection={<IconPencil size={16} />}
            >
              {t('execution:pettyCash.edit')}
            </ButtonLink>
          )
        }
      />
      {!fund.active && <Alert color="gray">{t('execution:pettyCash.inactive')}</Alert>}

      <Section title={t('execution:pettyCash.sections.figures')}>
        <Stack>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 6 }}>
            <Figure label={t('execution:pettyCash.fields.custodian')}>{fund.custodianName}</Figure>
            <Figure label={t('execution:pettyCash.fields.amount')}>
              <span data-testid="fund-amount">{formatMoney(fund.amount)}</span>
            </Figure>
            <Figure label={t('execution:pettyCash.fields.pendingReceipts')}>
              <span data-testid="fund-pending">{formatMoney(fund.pendingReceipts)}</span>
            </Figure>
            <Figure label={t('execution:pettyCash.fields.expectedCash')}>
              <span data-testid="fund-expected">{formatMoney(fund.expectedCash)}</span>
            </Figure>
            <Figure label={t('execution:pettyCash.fields.lastCount')}>
              {fund.lastCountAt ? formatDateTime(fund.lastCountAt) : t('execution:pettyCash.neverCounted')}
            </Figure>
            <Figure label={t('execution:pettyCash.fields.notes')}>{fund.notes ?? EMPTY}</Figure>
          </SimpleGrid>
          {replenishable && (
            <Alert color="blue" variant="light">
              <Group justify="space-between">
                <Text size="sm">
                  {t('execution:pettyCash.replenishHint', { amount: formatMoney(latest.replenishment) })}
                </Text>
                <ButtonLink
                  to="/execution/requests/add/petty-cash/$month"
                  params={{ month: monthParam(currentMonth()) }}
                  search={{ fund: fund.id, count: latest.id }}
                  leftSection={<IconReceiptRefund size={16} />}
                >
                  {t('execution:pettyCash.replenish')}
                </ButtonLink>
              </Group>
            </Alert>
          )}
        </Stack>
      </Section>

      <Section
        title={t('execution:pettyCash.expenses.title')}
        actions={
          custodian &&
          fund.active && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setModal('expense')}>
              {t('execution:pettyCash.expenses.add')}
            </Button>
          )
        }
      >
        <DataTable<PettyCashExpense>
          label={t('execution:pettyCash.expenses.title')}
          bare
          rows={fund.expenses}
          rowKey={(e) => e.id}
          minWidth={720}
          empty={t('execution:pettyCash.expenses.none')}
          columns={[
            {
              id: 'spentOn',
              header: t('execution:pettyCash.expenses.spentOn'),
              text: (e) => formatDate(e.spentOn),
              width: 120,
            },
            {
              id: 'description',
              header: t('execution:pettyCash.expenses.description'),
              text: (e) => e.description,
              wrap: true,
            },
            {
              id: 'receipt',
              header: t('execution:pettyCash.expenses.receipt'),
              text: (e) => e.receipt ?? EMPTY,
              width: 140,
            },
            {
              id: 'amount',
              header: t('execution:pettyCash.expenses.amount'),
              text: (e) => formatMoney(e.amount),
              cell: (e) => <Money value={e.amount} />,
              align: 'right',
              width: 130,
            },
            {
              id: 'request',
              header: t('execution:pettyCash.expenses.request'),
              cell: (e) => <RequestLink id={e.requestId} number={e.requestNumber} />,
              width: 150,
            },
          ]}
          actionsWidth={70}
          actions={(e) =>
            custodian &&
            fund.active &&
            !e.requestId && (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('execution:pettyCash.expenses.removeOf', { name: e.description })}
                onClick={() => removal.ask(e)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            )
          }
        />
      </Section>

      <Section
        title={t('execution:pettyCash.counts.title')}
        actions={
          (custodian || admin) &&
          fund.active && (
            <Button leftSection={<IconCash size={16} />} onClick={() => setModal('count')}>
              {t('execution:pettyCash.counts.add')}
            </Button>
          )
        }
      >
        <DataTable<PettyCashCount>
          label={t('execution:pettyCash.counts.title')}
          bare
          rows={fund.counts}
          rowKey={(c) => c.id}
          minWidth={880}
          empty={t('execution:pettyCash.counts.none')}
          columns={[
            {
              id: 'countedAt',
              header: t('execution:pettyCash.counts.countedAt'),
              text: (c) => formatDateTime(c.countedAt),
              cell: (c) => <DateText value={c.countedAt} withTime />,
              width: 160,
            },
            {
              id: 'countedBy',
              header: t('execution:pettyCash.counts.countedBy'),
              text: (c) => c.countedByName ?? EMPTY,
              wrap: true,
            },
            {
              id: 'cash',
              header: t('execution:pettyCash.counts.cash'),
              text: (c) => formatMoney(c.cash),
              cell: (c) => <Money value={c.cash} />,
              align: 'right',
              width: 130,
            },
            {
              id: 'receipts',
              header: t('execution:pettyCash.counts.receipts'),
              text: (c) => formatMoney(c.receipts),
              cell: (c) => <Money value={c.receipts} />,
              align: 'right',
              width: 130,
            },
            {
              id: 'difference',
              header: t('execution:pettyCash.counts.difference'),
              text: (c) => formatMoney(c.difference),
              cell: (c) => <DifferenceText value={c.difference} />,
              align: 'right',
              width: 170,
            },
            { id: 'notes', header: t('execution:pettyCash.counts.notes'), text: (c) => c.notes ?? EMPTY, wrap: true },
            {
              id: 'request',
              header: t('execution:pettyCash.counts.request'),
              cell: (c) =>
                c.requestId && c.requestNumber ? <RequestLink id={c.requestId} number={c.requestNumber} /> : EMPTY,
              width: 150,
            },
          ]}
        />
      </Section>

      <ExpenseModal fund={fund} opened={modal === 'expense'} onClose={() => setModal(null)} />
      <CountModal fund={fund} opened={modal === 'count'} onClose={() => setModal(null)} />
      {removal.dialog}
    </Stack>
  );
}

import type { ReactNode } from 'react';
import { Alert, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Disbursement } from '@amparo/shared/modules/cooperating.schema';
import { BackHeader } from '../../../shared/ui/back-header';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table/data-table';
import { CurrencyAmount, Money, Rate } from '../../../shared/ui/format';
import { PageError, PageLoader } from '../../../shared/ui/page-state';
import { CooperatingLinks } from '../components/cooperating-links';
import { useCooperating, useDisbursements } from '../api/queries';
import { DisbursementForm } from '../components/disbursement-form';

/**
 * A cooperating's disbursements (`/configuration/cooperating/$id/disbursements`, issue 13 section 2): the money
 * the funder sent, each in the agreement's currency with its exchange rate and its value in Q (computed and
 * stored by the server), the totals in both currencies against the agreed amount, and a form to record one.
 */
export function CooperatingDisbursementsPage() {
  const { t } = useTranslation('cooperating');
  const { id } = useParams({ from: '/app/configuration/cooperating/$id/disbursements' });
  const cooperating = useCooperating(id);
  const list = useDisbursements(id);

  if (cooperating.isPending) return <PageLoader />;
  if (cooperating.isError) return <PageError error={cooperating.error} onRetry={() => void cooperating.refetch()} />;
  const c = cooperating.data;
  const { currency } = c;
  const gtq = currency === 'GTQ';
  const totals = list.data?.totals;

  const columns: DataColumn<Disbursement>[] = [
    { id: 'date', header: t('cooperating:disbursements.fields.date'), text: (d) => d.date, width: 110 },
    {
      id: 'amount',
      header: t('cooperating:disbursements.fields.amount', { currency }),
      text: (d) => d.amount,
      cell: (d) => <CurrencyAmount value={d.amount} currency={d.currency} />,
      align: 'right',
      width: 160,
    },
    {
      id: 'rate',
      header: t('cooperating:disbursements.fields.exchangeRate'),
      text: (d) => d.exchangeRate,
      cell: (d) => <Rate value={d.exchangeRate} />,
      align: 'right',
      width: 120,
    },
    {
      id: 'quetzales',
      header: t('cooperating:disbursements.fields.quetzales'),
      text: (d) => d.amountQuetzales,
      cell: (d) => (
        <Text span fw={600} size="sm">
          <Money value={d.amountQuetzales} />
        </Text>
      ),
      align: 'right',
      width: 160,
    },
    {
      id: 'source',
      header: t('cooperating:disbursements.fields.rateSource'),
      text: (d) => d.rateSource ?? '',
      truncate: true,
      width: 120,
    },
    {
      id: 'reference',
      header: t('cooperating:disbursements.fields.reference'),
      text: (d) => d.reference ?? '',
      truncate: true,
      visibleFrom: 'lg',
    },
    {
      id: 'author',
      header: t('cooperating:disbursements.fields.author'),
      text: (d) => d.authorName,
      truncate: true,
      width: 170,
    },
  ];

  const received = { received: c.receivedAmount, quetzales: c.receivedQuetzales, currency };
  const summary = gtq
    ? t('cooperating:disbursements.summaryQuetzales', received)
    : c.agreedAmount
      ? t('cooperating:disbursements.summary', { ...received, agreed: c.agreedAmount })
      : t('cooperating:disbursements.summaryReceived', received);

  return (
    <Stack gap="md">
      <BackHeader
        title={t('cooperating:disbursements.title', { name: c.name })}
        back={{ to: '/configuration/cooperating/list' }}
        backLabel={t('cooperating:backToList')}
        actions={
          <>
            <CooperatingLinks id={id} current="disbursements" />
          </>
        }
      />
      <Paper withBorder p="md" data-testid="disbursement-summary">
        <SimpleGrid cols={{ base: 1, xs: 2, md: gtq ? 2 : 5 }} mb="sm">
          {!gtq && (
            <Figure label={t('cooperating:disbursements.agreed')}>
              <CurrencyAmount value={c.agreedAmount} currency={currency} />
            </Figure>
          )}
          {!gtq && (
            <Figure label={t('cooperating:disbursements.received')}>
              <CurrencyAmount value={c.receivedAmount} currency={currency} />
            </Figure>
          )}
          {!gtq && (
            <Figure label={t('cooperating:disbursements.pending')}>
              <CurrencyAmount value={c.pendingAmount} currency={currency} />
            </Figure>
          )}
          <Figure label={t('cooperating:disbursements.receivedQuetzales')}>
            <Money value={c.receivedQuetzales} />
          </Figure>
          <Figure label={t('cooperating:disbursements.averageRate', { currency })}>
            <Rate value={totals?.averageRate} />
          </Figure>
        </SimpleGrid>
        <Text size="sm" aria-live="polite">
          {summary}
        </Text>
      </Paper>
      {c.active ? (
        <DisbursementForm key={c.id} cooperating={c} />
      ) : (
        <Alert variant="light" color="orange" icon={<IconInfoCircle size={16} />}>
          {t('cooperating:disbursements.inactive')}
        </Alert>
      )}
      <Alert variant="light" icon={<IconInfoCircle size={16} />} p="xs">
        {t('cooperating:disbursements.appendOnly')}
      </Alert>
      {list.isError && <PageError error={list.error} onRetry={() => void list.refetch()} />}
      <DataTable
        label={t('cooperating:disbursements.tableLabel')}
        columns={columns}
        rows={list.data?.items}
        rowKey={(d) => d.id}
        minWidth={900}
        empty={t('cooperating:disbursements.empty')}
        summary={
          totals && totals.count > 0
            ? [
                t('cooperating:disbursements.total'),
                <CurrencyAmount key="amount" value={totals.amount} currency={currency} />,
                <Rate key="rate" value={totals.averageRate} />,
                <Money key="quetzales" value={totals.amountQuetzales} />,
                '',
                '',
                '',
              ]
            : undefined
        }
      />
    </Stack>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{children}</Text>
    </Stack>
  );
}

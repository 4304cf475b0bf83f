import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PettyCashFund } from '@amparo/shared/modules/petty-cash.schema';
import { useCurrentUser } from '../../../shared/hooks/use-current-user';
import { formatDateTime, formatMoney } from '../../../shared/lib/format';
import { can } from '../../../shared/lib/session';
import { ActiveBadge } from '../../../shared/ui/active-badge';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table/data-table';
import { DateText, Money } from '../../../shared/ui/format';
import { ListPage } from '../../../shared/ui/list-page';
import { AnchorLink } from '../../../shared/ui/router-links/anchor-link';
import { ButtonLink } from '../../../shared/ui/router-links/button-link';
import { usePettyCashFunds } from '../api/petty-cash';

/**
 * Ejecución › Caja chica (`/execution/petty-cash/list`; issue 26 section 3): the petty-cash funds, every one for
 * administration (who adds them), the caller's as custodian otherwise, each with its amount, the receipts waiting
 * for a replenishment, the cash the box should hold and its last count.
 */
export function PettyCashListPage() {
  const { t } = useTranslation('execution');
  const user = useCurrentUser();
  const admin = can(user, 'ejecucion_administracion');
  const list = usePettyCashFunds();

  const columns: DataColumn<PettyCashFund>[] = [
    {
      id: 'headquarter',
      header: t('execution:pettyCash.fields.headquarter'),
      text: (f) => f.headquarterName,
      cell: (f) => (
        <AnchorLink
          to="/execution/petty-cash/$fund"
          params={{ fund: f.id }}
          size="sm"
          fw={500}
          aria-label={t('execution:pettyCash.open', { name: f.headquarterName })}
        >
          {f.headquarterName}
        </AnchorLink>
      ),
      wrap: true,
      sortable: true,
    },
    {
      id: 'custodian',
      header: t('execution:pettyCash.fields.custodian'),
      text: (f) => f.custodianName,
      wrap: true,
      sortable: true,
    },
    {
      id: 'amount',
      header: t('execution:pettyCash.fields.amount'),
      text: (f) => formatMoney(f.amount),
      cell: (f) => <Money value={f.amount} />,
      align: 'right',
      width: 140,
    },
    {
      id: 'pendingReceipts',
      header: t('execution:pettyCash.fields.pendingReceipts'),
      text: (f) => formatMoney(f.pendingReceipts),
      cell: (f) => <Money value={f.pendingReceipts} />,
      align: 'right',
      width: 150,
    },
    {
      id: 'expectedCash',
      header: t('execution:pettyCash.fields.expectedCash'),
      text: (f) => formatMoney(f.expectedCash),
      cell: (f) => <Money value={f.expectedCash} />,
      align: 'right',
      width: 140,
    },
    {
      id: 'lastCountAt',
      header: t('execution:pettyCash.fields.lastCount'),
      text: (f) => (f.lastCountAt ? formatDateTime(f.lastCountAt) : t('execution:pettyCash.neverCounted')),
      cell: (f) =>
        f.lastCountAt ? <DateText value={f.lastCountAt} withTime /> : t('execution:pettyCash.neverCounted'),
      width: 160,
      visibleFrom: 'lg',
    },
    {
      id: 'active',
      header: t('execution:pettyCash.fields.active'),
      cell: (f) => <ActiveBadge active={f.active} />,
      width: 110,
    },
  ];

  return (
    <ListPage
      title={t('execution:pettyCash.title')}
      description={t('execution:pettyCash.description')}
      actions={
        admin && (
          <ButtonLink to="/execution/petty-cash/add" leftSection={<IconPlus size={16} />}>
            {t('execution:pettyCash.add')}
          </ButtonLink>
        )
      }
      query={list}
    >
      <DataTable
        label={t('execution:pettyCash.title')}
        columns={columns}
        rows={list.data}
        loadingRows={5}
        rowKey={(f) => f.id}
        minWidth={820}
        dimmed={(f) => !f.active}
        empty={admin ? t('execution:pettyCash.emptyAdmin') : t('execution:pettyCash.emptyCustodian')}
      />
    </ListPage>
  );
}

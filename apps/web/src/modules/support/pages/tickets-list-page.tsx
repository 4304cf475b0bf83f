import { Group, Paper } from '@mantine/core';
import { IconLayoutKanban, IconPlus } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { TICKET_SORTS } from '@amparo/shared/modules/support.constants';
import { useCurrentUser } from '../../../shared/hooks/use-current-user';
import { can } from '../../../shared/lib/session';
import { useContractSearch } from '../../../shared/lib/url-search';
import { SegmentedRadios } from '../../../shared/ui/segmented-radios';
import { SortedListFooter } from '../../../shared/ui/sorted-list-footer';
import { ListPage } from '../../../shared/ui/list-page';
import { ButtonLink } from '../../../shared/ui/router-links/button-link';
import { isFiltered, ticketListSearch, type TicketListSearch } from '../api/list-search';
import { PAGE_SIZES } from '../api/list-url';
import { useTickets } from '../api/queries';
import { TicketsExport } from '../components/tickets-export';
import { TicketsFilters } from '../components/tickets-filters';
import { TicketsTable } from '../components/tickets-table';

/**
 * A new search orders by relevance (best matches first, issue 24 section 2); clearing it leaves relevance for the
 * default order. A sort picked while searching stays until the next search.
 */
function withRelevance(search: TicketListSearch, patch: Partial<TicketListSearch>): Partial<TicketListSearch> {
  if (!('q' in patch) || patch.q === search.q) return patch;
  if (patch.q) return { ...patch, sort: 'relevance', order: 'desc' };
  return search.sort === 'relevance' ? { ...patch, sort: 'createdAt', order: 'desc' } : patch;
}

/**
 * Soporte › Tickets: one's own tickets (soporte_tickets) and, for support staff
 * (soporte_gestion), the whole queue; server-side paging, sorting, search and
 * filters, all kept in the URL.
 */
export function TicketsListPage() {
  const { t } = useTranslation('support');
  const navigate = useNavigate();
  const user = useCurrentUser();
  const manager = can(user, 'soporte_gestion');
  const raw = useContractSearch(ticketListSearch, useSearch({ from: '/app/support/tickets/list' }));
  // The queue is for support staff: a link to it opens one's own tickets for anyone else.
  const search: TicketListSearch = manager ? raw : { ...raw, scope: 'mine', assigneeId: undefined };
  const queue = search.scope === 'queue';
  const tickets = useTickets(search);

  const update = (patch: Partial<TicketListSearch>, resetPage = true) =>
    void navigate({
      to: '/support/tickets/list',
      search: { ...search, ...(resetPage ? { page: 1 } : {}), ...patch },
    });

  const data = tickets.data;
  return (
    <ListPage
      title={t('title')}
      actions={
        <>
          {manager && (
            <ButtonLink to="/support/board" variant="default" leftSection={<IconLayoutKanban size={16} />}>
              {t('actions.board')}
            </ButtonLink>
          )}
          {can(user, 'soporte_tickets') && (
            <ButtonLink to="/support/tickets/add" leftSection={<IconPlus size={16} />}>
              {t('actions.new')}
            </ButtonLink>
          )}
        </>
      }
      filters={
        <Group align="flex-start" gap="md" wrap="wrap">
          {manager && (
            <SegmentedRadios
              size="sm"
              label={t('scope.label')}
              value={search.scope}
              onChange={(scope) => update({ scope, assigneeId: undefined })}
              options={[
                { value: 'mine', label: t('scope.mine') },
                { value: 'queue', label: t('scope.queue') },
              ]}
            />
          )}
          <TicketsFilters search={search} queue={queue} onChange={(patch) => update(withRelevance(search, patch))} />
        </Group>
      }
      exportSlot={<TicketsExport search={search} />}
      query={tickets}
      busy={tickets.isPlaceholderData}
      footer={
        <SortedListFooter
          search={search}
          data={data}
          pageSizes={PAGE_SIZES}
          sorts={TICKET_SORTS}
          sortLabel={(s) => t(`sort.${s}`)}
          totalLabel={(total, count) => t('list.total', { total, count })}
          update={update}
        />
      }
    >
      <Paper withBorder p={0}>
        <TicketsTable
          items={data?.items}
          queue={queue}
          pageSize={search.pageSize}
          filtered={isFiltered(search)}
          searching={!!search.q}
          sort={{
            by: search.sort,
            order: search.order,
            onChange: (by, order) => update({ sort: by as TicketListSearch['sort'], order }),
          }}
        />
      </Paper>
    </ListPage>
  );
}

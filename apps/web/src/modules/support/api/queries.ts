import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  assigneesResponse,
  BoardCard,
  BoardColumn,
  SupportDashboard,
  SupportSettings,
  Ticket,
  TicketBoard,
  ticketListResponse,
} from '@amparo/shared/modules/support.schema';
import { api } from '../../../shared/lib/api';
import type { BoardSearch, TicketListSearch } from './list-search';

export type TicketPage = z.infer<typeof ticketListResponse>['data'];
/** The board with each card's moves spelled out (`allowed`), from the answer's indexes into `transitions`. */
export type Board = { columns: (Omit<BoardColumn, 'cards'> & { cards: BoardCard[] })[] };

function expandBoard(board: TicketBoard): Board {
  return {
    columns: board.columns.map((column) => ({
      ...column,
      cards: column.cards.map((card) => ({ ...card, allowed: card.allowed.map((i) => board.transitions[i]!) })),
    })),
  };
}
export type Assignee = z.infer<typeof assigneesResponse>['data'][number];

/** Every key of the module starts with 'support', so one invalidation reaches them all. */
export const supportKeys = {
  all: ['support'] as const,
  list: (search: TicketListSearch) => ['support', 'tickets', search] as const,
  ticket: (id: string) => ['support', 'ticket', id] as const,
  board: (search: BoardSearch) => ['support', 'board', search] as const,
  dashboard: ['support', 'dashboard'] as const,
  assignees: ['support', 'assignees'] as const,
  settings: ['support', 'settings'] as const,
};

export const ticketPath = (id: string) => `support/tickets/${encodeURIComponent(id)}`;

export const getTicketsQueryOptions = (search: TicketListSearch) =>
  queryOptions({
    queryKey: supportKeys.list(search),
    queryFn: ({ signal }) => api.get<TicketPage>('support/tickets', { query: search, signal }),
    // Keep the previous page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
export const useTickets = (search: TicketListSearch) => useQuery(getTicketsQueryOptions(search));

export const getTicketQueryOptions = (id: string) =>
  queryOptions({
    queryKey: supportKeys.ticket(id),
    queryFn: ({ signal }) => api.get<Ticket>(ticketPath(id), { signal }),
  });
export const useTicket = (id: string) => useQuery(getTicketQueryOptions(id));

export const useBoard = (search: BoardSearch) =>
  useQuery({
    queryKey: supportKeys.board(search),
    queryFn: ({ signal }) => api.get<TicketBoard>('support/board', { query: search, signal }),
    select: expandBoard,
    placeholderData: keepPreviousData,
  });

export const useSupportDashboard = () =>
  useQuery({
    queryKey: supportKeys.dashboard,
    queryFn: ({ signal }) => api.get<SupportDashboard>('support/dashboard', { signal }),
  });

/** Support staff a ticket may be given to (soporte_gestion only). */
export const useAssignees = (enabled = true) =>
  useQuery({
    queryKey: supportKeys.assignees,
    queryFn: ({ signal }) => api.get<Assignee[]>('support/assignees', { signal }),
    staleTime: 5 * 60_000,
    enabled,
  });

export const useSupportSettings = () =>
  useQuery({
    queryKey: supportKeys.settings,
    queryFn: ({ signal }) => api.get<SupportSettings>('support/settings', { signal }),
  });

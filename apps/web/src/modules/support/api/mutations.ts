import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  SupportSettings,
  Ticket,
  TicketInput,
  TicketTransitionBody,
  TicketUpdate,
} from '@amparo/shared/modules/support.schema';
import { api } from '../../../shared/lib/api';
import { supportKeys, ticketPath } from './queries';

/** After a change: the changed ticket goes into the cache; the lists, the board and the dashboard are refetched. */
export function useTicketChanged() {
  const queryClient = useQueryClient();
  return (ticket?: Ticket) => {
    if (ticket) queryClient.setQueryData(supportKeys.ticket(ticket.id), ticket);
    return Promise.all(
      (['tickets', 'board', 'dashboard'] as const).map((k) =>
        queryClient.invalidateQueries({ queryKey: ['support', k] }),
      ),
    );
  };
}

export function useCreateTicket() {
  const changed = useTicketChanged();
  return useMutation({
    mutationFn: (body: TicketInput) => api.post<Ticket>('support/tickets', body),
    onSuccess: (ticket) => changed(ticket),
  });
}

export function useUpdateTicket(id: string) {
  const changed = useTicketChanged();
  return useMutation({
    mutationFn: (body: TicketUpdate) => api.put<Ticket>(ticketPath(id), body),
    onSuccess: (ticket) => changed(ticket),
  });
}

/** Takes a workflow transition (from the ticket page or the board). */
export function useMoveTicket() {
  const changed = useTicketChanged();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TicketTransitionBody }) =>
      api.post<Ticket>(`${ticketPath(id)}/transitions`, body),
    onSuccess: (ticket) => changed(ticket),
  });
}

export function useCommentTicket(id: string) {
  const changed = useTicketChanged();
  return useMutation({
    mutationFn: (body: { body: string; internal: boolean }) => api.post<Ticket>(`${ticketPath(id)}/comments`, body),
    onSuccess: (ticket) => changed(ticket),
  });
}

export function useSaveSupportSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SupportSettings) => api.put<SupportSettings>('support/settings', body),
    onSuccess: (settings) => queryClient.setQueryData(supportKeys.settings, settings),
  });
}

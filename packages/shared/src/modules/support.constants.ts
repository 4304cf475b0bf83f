/**
 * The support contract's value lists that the tickets list's first load reads, without zod (issue 24 section 4);
 * `support.schema.ts` re-exports them beside its schemas.
 */

/** Ticket statuses (spec section 4), in the order the board shows them. */
export const TICKET_STATUSES = [
  'generado',
  'asignado',
  'curso',
  'pendiente',
  'resuelto',
  'finalizado',
  'cancelado',
  'rechazado',
] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** Statuses whose service targets still run (the ticket waits on support or on its requester). */
export const OPEN_TICKET_STATUSES = ['generado', 'asignado', 'curso', 'pendiente'] as const satisfies TicketStatus[];
/** Statuses after which nothing is added to a ticket: no comment, no file. */
export const CLOSED_TICKET_STATUSES = ['finalizado', 'cancelado', 'rechazado'] as const satisfies TicketStatus[];

/** Ticket levels (spec section 4), for priority and criticality. */
export const TICKET_LEVELS = ['alta', 'media', 'baja'] as const;
export type TicketLevel = (typeof TICKET_LEVELS)[number];

/** Sort keys of the lists; `relevance`: a search's best matches first, then the newest (the newest without a search). */
export const TICKET_SORTS = ['createdAt', 'updatedAt', 'number', 'priority', 'resolutionDueAt', 'relevance'] as const;

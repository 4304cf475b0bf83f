import { z } from 'zod';
import {
  allowedTransition,
  refusedTransition,
  workflowHistoryEntry,
  workflowStep,
  workflowTransitionFields,
} from '../workflow.ts';
import {
  catalogCode,
  envelope,
  itemAge,
  optionalDate,
  optionalText,
  paged,
  pageQuery,
  searchTerm,
  text,
  uuid,
  version,
} from '../validation.ts';
import { TICKET_LEVELS, TICKET_SORTS, TICKET_STATUSES } from './support.constants.ts';

export * from './support.constants.ts';

/**
 * Support tickets (issue 12; spec sections 3 and 4), module `support`:
 * permissions `soporte` (the module), `soporte_tickets` (raise and follow
 * one's own tickets) and `soporte_gestion` (see, assign and work every
 * ticket). Statuses move only along the workflow of
 * `apps/server/src/modules/support/support.workflow.ts`.
 */

/** The workflow's transitions; `auto_close` is taken by the auto-close job only. */
export const TICKET_TRANSITIONS = [
  'assign',
  'start',
  'hold',
  'resolve',
  'reject',
  'cancel',
  'confirm',
  'reopen',
  'auto_close',
] as const;
export type TicketTransition = (typeof TICKET_TRANSITIONS)[number];

/** Accepted attachments, checked by content: screenshots and PDF. */
export const TICKET_FILE_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const;

const level = z.enum(TICKET_LEVELS, { error: 'invalid' });

/** The longest ticket subject, in characters. */
export const TICKET_SUBJECT_MAX = 150;

/** POST /api/support/tickets: the requester's report (spec section 5: a description is required). */
export const ticketInput = z.object({
  /** ticket_type catalog (hardware, software, access, building, administrative, other). */
  type: catalogCode,
  priority: level,
  criticality: level,
  headquarterId: uuid,
  /** A line telling tickets apart on the queue and the board (issue 24 section 6 item 10). */
  subject: text(TICKET_SUBJECT_MAX),
  description: text(5000),
});
export type TicketInput = z.input<typeof ticketInput>;

/** PUT /api/support/tickets/:id (soporte_gestion): subject, classification, assignee and dates, with the version seen. */
export const ticketUpdate = ticketInput.omit({ description: true }).extend({
  /** A user holding soporte_gestion, or null. */
  assigneeId: uuid.nullable(),
  estimatedDate: optionalDate,
  followUpDate: optionalDate,
  version,
});
export type TicketUpdate = z.input<typeof ticketUpdate>;

/** POST /api/support/tickets/:id/transitions. */
export const ticketTransitionBody = z.object({
  transition: z.enum(TICKET_TRANSITIONS, { error: 'invalid' }),
  version,
  /** Required by hold (pendiente: whom the ticket waits for), reject and reopen. */
  reason: optionalText(2000),
  /** `assign`: the support user who takes the ticket (holding soporte_gestion). */
  assigneeId: uuid.optional(),
  /** A return's earlier state, and the user the caller acts for (a delegation in force; issue 25 section 1). */
  returnTo: workflowTransitionFields.returnTo,
  actingFor: workflowTransitionFields.actingFor,
});
export type TicketTransitionBody = z.input<typeof ticketTransitionBody>;

/** POST /api/support/tickets/:id/comments (spec section 5: a comment is required). */
export const ticketCommentInput = z.object({
  body: text(5000),
  /** Internal: support staff only; never in the requester's answers. */
  internal: z.boolean().default(false),
});

/**
 * Service targets of a ticket (issue 12), in working time of its headquarter's
 * calendar (America/Guatemala office hours, public holidays and the charity's
 * closed days). Minutes left are negative once a target is missed; null once
 * met, or while the ticket waits in pendiente (the resolution clock stops).
 */
export const ticketSla = z.object({
  responseDueAt: z.string(),
  respondedAt: z.string().nullable(),
  responseMinutesLeft: z.number().int().nullable(),
  /** Null while the clock is stopped (pendiente). */
  resolutionDueAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  resolutionMinutesLeft: z.number().int().nullable(),
  paused: z.boolean(),
  /** A target missed (response or resolution), met late or still running late. */
  breached: z.boolean(),
});
export type TicketSla = z.infer<typeof ticketSla>;

/** The time left and the flags of a ticket's targets, without their instants: what a board card shows. */
export const ticketSlaLeft = ticketSla.pick({
  responseMinutesLeft: true,
  resolutionMinutesLeft: true,
  paused: true,
  breached: true,
});
export type TicketSlaLeft = z.infer<typeof ticketSlaLeft>;

/** `allowedTransition` (shared workflow contract) with the ticket's names and states. */
export const allowedTicketTransition = allowedTransition.extend({
  name: z.enum(TICKET_TRANSITIONS),
  to: z.enum(TICKET_STATUSES),
});
export type AllowedTicketTransition = z.infer<typeof allowedTicketTransition>;

export const ticketSummary = z.object({
  id: uuid,
  /** TK-YYYY-NNNNNN, per year of creation (America/Guatemala). */
  number: z.string(),
  type: z.string(),
  priority: z.enum(TICKET_LEVELS),
  criticality: z.enum(TICKET_LEVELS),
  status: z.enum(TICKET_STATUSES),
  headquarterId: uuid,
  headquarterName: z.string().nullable(),
  subject: z.string(),
  /** The first 200 characters. */
  descriptionPreview: z.string(),
  /**
   * In a search's answer (issue 24 section 2): the matched words in the description, or in the latest comment
   * the caller may see when the description lacks some, as plain-text segments (`match`: a searched word). Null
   * outside a search.
   */
  highlight: z
    .object({
      source: z.enum(['description', 'comment']),
      segments: z.array(z.object({ text: z.string(), match: z.boolean() })),
    })
    .nullable(),
  requesterId: uuid.nullable(),
  requesterName: z.string().nullable(),
  assigneeId: uuid.nullable(),
  assigneeName: z.string().nullable(),
  estimatedDate: z.string().nullable(),
  followUpDate: z.string().nullable(),
  sla: ticketSla,
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type TicketSummary = z.infer<typeof ticketSummary>;

export const ticketFile = z.object({
  id: uuid,
  name: z.string(),
  mime: z.enum(TICKET_FILE_TYPES),
  sizeBytes: z.number().int(),
  internal: z.boolean(),
  /**
   * An image too large to preview as is (over 16.8 megapixels; issue 23 section 4): its `?size=preview` is a
   * reduced JPEG, which opening it shows; the original is the download. False for a PDF or a smaller image.
   */
  hasPreview: z.boolean(),
  uploadedByName: z.string().nullable(),
  uploadedAt: z.string(),
});
export type TicketFile = z.infer<typeof ticketFile>;

/**
 * GET a ticket file's content: `download=true` the original as an attachment; otherwise inline, `size=preview`
 * giving an image's reduced JPEG when it has one (`hasPreview`), the original when it has none.
 */
export const ticketFileQuery = z.object({
  download: z.enum(['true', 'false']).default('false'),
  size: z.enum(['full', 'preview']).default('full'),
});

export const ticketComment = z.object({
  id: uuid,
  body: z.string(),
  internal: z.boolean(),
  authorId: uuid.nullable(),
  authorName: z.string().nullable(),
  createdAt: z.string(),
});
export type TicketComment = z.infer<typeof ticketComment>;

/** `workflowHistoryEntry` (shared workflow contract) with the ticket's states; `system` names a job (`job:support-auto-close`). */
export const ticketHistoryEntry = workflowHistoryEntry.extend({
  from: z.enum(TICKET_STATUSES),
  to: z.enum(TICKET_STATUSES),
});

export const ticket = ticketSummary.extend({
  description: z.string(),
  comments: z.array(ticketComment),
  files: z.array(ticketFile),
  history: z.array(ticketHistoryEntry),
  /** What the caller may do now: the same table the server checks a transition by. */
  allowed: z.array(allowedTicketTransition),
  /** Transitions open from this state the caller may not take, with why (shown disabled). */
  refused: z.array(refusedTransition),
  /** The ticket's path for the Stepper (generado → asignado → curso → resuelto → finalizado). */
  steps: z.array(workflowStep),
  /** Whether the caller works tickets (soporte_gestion): edits, internal comments. */
  canManage: z.boolean(),
});
export type Ticket = z.infer<typeof ticket>;

/**
 * GET /api/support/tickets. `scope=mine`: the caller's own tickets (soporte_tickets or soporte_gestion);
 * `scope=queue`: every ticket (soporte_gestion, else 403). `status=open`/`closed` group the statuses.
 */
export const ticketListQuery = pageQuery.extend({
  scope: z.enum(['mine', 'queue'], { error: 'invalid' }).default('mine'),
  q: searchTerm(100),
  status: z.enum([...TICKET_STATUSES, 'open', 'closed'], { error: 'invalid' }).optional(),
  type: catalogCode.optional(),
  priority: level.optional(),
  criticality: level.optional(),
  /** A user's id, or `none` for the unassigned. */
  assigneeId: z.union([uuid, z.literal('none')]).optional(),
  headquarterId: uuid.optional(),
  /** Age of the ticket (spec section 9), on its creation instant in America/Guatemala. */
  age: itemAge.optional(),
  breached: z.enum(['true'], { error: 'invalid' }).optional(),
  sort: z.enum(TICKET_SORTS, { error: 'invalid' }).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type TicketListQuery = z.input<typeof ticketListQuery>;

/** GET /api/support/tickets/export: the list's filters, every row, as xlsx in the caller's language. */
export const ticketExportQuery = ticketListQuery.omit({ page: true, pageSize: true }).extend({
  lang: z.enum(['es', 'en']).default('es'),
});

/** GET /api/support/board (soporte_gestion): the queue's filters, without paging. */
export const ticketBoardQuery = ticketListQuery.pick({
  q: true,
  type: true,
  priority: true,
  criticality: true,
  assigneeId: true,
  headquarterId: true,
});

/**
 * A board card: what the card shows and what moving it needs, lighter than
 * the list's summary (a board carries up to 130 of them).
 */
export const boardCard = ticketSummary
  .pick({
    id: true,
    number: true,
    subject: true,
    status: true,
    priority: true,
    version: true,
    assigneeId: true,
    assigneeName: true,
  })
  .extend({
    /** The first 140 characters (the card shows three lines). */
    descriptionPreview: z.string(),
    sla: ticketSlaLeft,
    /**
     * The moves the caller may make with this card, as indexes into the board's `transitions` (each distinct move
     * is sent once per board, not on each of its 130 cards: a board's answer was 59 KB, a third of it these).
     */
    allowed: z.array(z.number().int().min(0)),
  });
/** A board card as the API sends it (`allowed` as indexes); `BoardCard` is the card with its moves spelled out. */
export type BoardCardWire = z.infer<typeof boardCard>;
/** A board card with its allowed transitions (`expandBoard`), what the web's board works with. */
export type BoardCard = Omit<BoardCardWire, 'allowed'> & { allowed: AllowedTicketTransition[] };
export const boardColumn = z.object({
  status: z.enum(TICKET_STATUSES),
  /** Tickets in the column (closed columns: those closed in the last 14 days), whatever the cards shown. */
  total: z.number().int(),
  /** Open columns: the oldest first, up to 20; closed ones: the latest 10 of the last 14 days. */
  cards: z.array(boardCard),
});
export type BoardColumn = z.infer<typeof boardColumn>;

/** Service targets per priority, in working hours, and the auto-close delay, in working days. */
export const supportSettings = z.object({
  targets: z
    .array(
      z.object({
        priority: level,
        responseHours: z.number().int().min(1).max(2000),
        resolutionHours: z.number().int().min(1).max(2000),
      }),
    )
    .length(3),
  autoCloseDays: z.number().int().min(1).max(60),
});
export type SupportSettings = z.infer<typeof supportSettings>;

export const supportDashboard = z.object({
  open: z.array(
    z.object({ status: z.enum(TICKET_STATUSES), priority: z.enum(TICKET_LEVELS), count: z.number().int() }),
  ),
  /** Open or resolved tickets past a target now. */
  breached: z.number().int(),
  /** Median working hours from creation to resolution, tickets resolved in the last 90 days; null if none. */
  medianResolutionHours: z.number().nullable(),
  resolvedLast90Days: z.number().int(),
});
export type SupportDashboard = z.infer<typeof supportDashboard>;

export const ticketResponse = envelope(ticket);
export const ticketListResponse = envelope(paged(ticketSummary));
export const ticketBoard = z.object({
  columns: z.array(boardColumn),
  /** Each distinct move the board's cards offer, once; a card's `allowed` indexes into it. */
  transitions: z.array(allowedTicketTransition),
});
export type TicketBoard = z.infer<typeof ticketBoard>;
export const ticketBoardResponse = envelope(ticketBoard);

export const supportSettingsResponse = envelope(supportSettings);
export const supportDashboardResponse = envelope(supportDashboard);
export const assigneesResponse = envelope(z.array(z.object({ id: uuid, fullName: z.string() })));

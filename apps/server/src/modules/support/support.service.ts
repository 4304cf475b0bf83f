import type { z } from 'zod';
import { hasPermission } from '@amparo/shared/permissions';
import { todayInGuatemala } from '@amparo/shared/format';
import {
  CLOSED_TICKET_STATUSES,
  OPEN_TICKET_STATUSES,
  TICKET_FILE_TYPES,
  TICKET_STATUSES,
  type AllowedTicketTransition,
  type BoardCardWire,
  type SupportDashboard,
  type SupportSettings,
  type Ticket,
  type TicketStatus,
  type TicketSummary,
  type ticketBoardQuery,
  type ticketCommentInput,
  type ticketInput,
  type ticketListQuery,
  type ticketTransitionBody,
  type ticketUpdate,
} from '@amparo/shared/modules/support.schema';
import type { Db, Executor } from '../../db/client.ts';
import type { Actor, UserActor } from '../../lib/actor.ts';
import { systemActor } from '../../lib/actor.ts';
import { AppError, invalidField, invalidFields, notFound } from '../../lib/errors.ts';
import { diff, writeAudit } from '../../lib/audit.ts';
import { updateVersioned } from '../../lib/versioned.ts';
import {
  allowedTransitions,
  applyTransition,
  historyEntries,
  principalsOf,
  transitionsFor,
  workflowSteps,
} from '../../lib/workflow/workflow.ts';
import { notify } from '../notifications/notifications.service.ts';
import type { FileStore } from '../../lib/storage.ts';
import { receiveUpload, type UploadSource } from '../../lib/uploads.ts';
import { abandonStaged, commitStaged } from '../../lib/file-gc.ts';
import { storedFileContent, type Content, type FileRequest } from '../../lib/content.ts';
import { codesByCatalog } from '../catalogs/catalogs.service.ts';
import * as repo from './support.repository.ts';
import { calendars, dueDates, loadTargets, slaLeftOf, slaOf } from './support.sla.ts';
import { supportTickets } from './support.table.ts';
import { ticketWorkflow } from './support.workflow.ts';

/**
 * Support tickets (issue 12). A requester (`soporte_tickets`) sees and moves
 * their own tickets; support staff (`soporte_gestion`) see, assign and work
 * every ticket. Someone else's ticket is 404 to a requester, as if it did not
 * exist. Internal comments and files never reach a requester's answers.
 */

const ENTITY = 'support_ticket';
type Row = repo.TicketRow;

export const isManager = (actor: Actor) => hasPermission(actor.permissions, 'soporte_gestion');
const isRaiser = (actor: Actor) => hasPermission(actor.permissions, 'soporte_tickets');
const isClosed = (status: string) => (CLOSED_TICKET_STATUSES as readonly string[]).includes(status);

function toSummary(r: Row, sla: TicketSummary['sla']): TicketSummary {
  const t = r.ticket;
  return {
    id: t.id,
    number: t.number,
    type: t.type,
    priority: t.priority as TicketSummary['priority'],
    criticality: t.criticality as TicketSummary['criticality'],
    status: t.status as TicketStatus,
    headquarterId: t.headquarterId,
    headquarterName: r.headquarterName,
    subject: t.subject,
    descriptionPreview: t.description.slice(0, 200),
    highlight: null,
    requesterId: t.requesterId,
    requesterName: r.requesterName,
    assigneeId: t.assigneeId,
    assigneeName: r.assigneeName,
    estimatedDate: t.estimatedDate,
    followUpDate: t.followUpDate,
    sla,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    version: t.version,
  };
}

/** Summaries with their service targets at this instant (one working calendar per headquarter). */
async function summaries(db: Executor, rows: Row[]): Promise<TicketSummary[]> {
  const calendarOf = calendars(db);
  const now = new Date();
  return Promise.all(
    rows.map(async (r) => toSummary(r, slaOf(await calendarOf(r.ticket.headquarterId), r.ticket, now))),
  );
}

/** The ticket if the caller may see it (its requester, or support staff); 404 otherwise. */
async function load(db: Executor, actor: UserActor, id: string): Promise<Row> {
  const r = await repo.findTicket(db, id);
  if (!r || !(isManager(actor) || r.ticket.requesterId === actor.userId)) throw notFound();
  return r;
}

const snapshot = (t: Row['ticket']) => ({
  subject: t.subject,
  type: t.type,
  priority: t.priority,
  criticality: t.criticality,
  headquarterId: t.headquarterId,
  assigneeId: t.assigneeId,
  estimatedDate: t.estimatedDate,
  followUpDate: t.followUpDate,
});

/** 400 on a type not in the active ticket_type catalog (a ticket keeping its old inactive type passes) or an unknown or closed headquarter. */
async function checkClassification(
  db: Executor,
  body: { type: string; headquarterId: string },
  before: Row['ticket'] | null,
) {
  const types = (await codesByCatalog(db, ['ticket_type'])).get('ticket_type') ?? new Map<string, boolean>();
  const active = types.get(body.type);
  const errors = [];
  if (active === undefined || (!active && before?.type !== body.type))
    errors.push({ field: 'type', code: 'unknown_code' });
  const hq = await repo.headquarterState(db, body.headquarterId);
  if (!hq || (!hq.active && before?.headquarterId !== body.headquarterId))
    errors.push({ field: 'headquarterId', code: 'invalid' });
  if (errors.length) throw invalidFields(errors);
}

/** A ticket as its record screen shows it to the caller: internal comments and files for support staff only. */
export async function getTicket(db: Executor, actor: UserActor, id: string): Promise<Ticket> {
  const r = await load(db, actor, id);
  const manager = isManager(actor);
  const [summary] = await summaries(db, [r]);
  const [comments, files, history] = await Promise.all([
    repo.commentsOf(db, id, manager),
    repo.filesOf(db, id, manager),
    historyEntries(db, ticketWorkflow, id),
  ]);
  const record = r.ticket as Row['ticket'] & { status: TicketStatus };
  return {
    ...summary!,
    description: r.ticket.description,
    comments: comments.map(({ comment: c, authorName }) => ({
      id: c.id,
      body: c.body,
      internal: c.internal,
      authorId: c.authorId,
      authorName,
      createdAt: c.createdAt.toISOString(),
    })),
    files: files.map(({ file: f, uploadedByName }) => ({
      id: f.id,
      name: f.name,
      mime: f.mime as (typeof TICKET_FILE_TYPES)[number],
      sizeBytes: f.sizeBytes,
      internal: f.internal,
      hasPreview: f.previewKey !== null,
      uploadedByName,
      uploadedAt: f.uploadedAt.toISOString(),
    })),
    history: history as Ticket['history'],
    ...(await ticketTransitions(db, record, actor)),
    steps: workflowSteps(ticketWorkflow, record.status, history),
    canManage: manager,
  };
}

/**
 * Raises a ticket (spec section 5: a description is required): its number
 * TK-YYYY-NNNNNN (year of creation in America/Guatemala) comes from the
 * counter in the same transaction; its service targets are computed in the
 * headquarter's working time. Audited; support staff are notified.
 */
export async function createTicket(db: Db, actor: UserActor, body: z.output<typeof ticketInput>): Promise<Ticket> {
  const id = await db.transaction(async (tx) => {
    await checkClassification(tx, body, null);
    const year = Number(todayInGuatemala().slice(0, 4));
    const number = `TK-${year}-${String(await repo.nextNumber(tx, year)).padStart(6, '0')}`;
    const now = new Date();
    const wt = await calendars(tx)(body.headquarterId);
    const due = dueDates(wt, await loadTargets(tx), body.priority, now);
    const id = await repo.insertTicket(tx, {
      ...body,
      number,
      status: 'generado',
      requesterId: actor.userId,
      createdAt: now,
      updatedAt: now,
      ...due,
    });
    await writeAudit(tx, actor, {
      action: 'create',
      entity: ENTITY,
      entityId: id,
      changes: diff(null, { number, ...body }),
    });
    await notify(tx, actor, {
      kind: 'support.ticket_created',
      recipients: (await repo.supportStaff(tx)).map((u) => u.id),
      link: `/support/tickets/${id}`,
      params: { number, status: 'generado' },
    });
    return id;
  });
  return getTicket(db, actor, id);
}

/**
 * Support staff edit a ticket's type, priority, criticality, headquarter,
 * assignee (holding soporte_gestion: else 400 `assignee_not_support`) and
 * dates (409 `version_conflict` on a stale version). A new priority or
 * headquarter recomputes the targets still running. Audited with before/after.
 */
export async function updateTicket(
  db: Db,
  actor: UserActor,
  id: string,
  body: z.output<typeof ticketUpdate>,
): Promise<Ticket> {
  await db.transaction(async (tx) => {
    const before = await load(tx, actor, id);
    const { version, ...input } = body;
    await checkClassification(tx, input, before.ticket);
    if (
      input.assigneeId &&
      input.assigneeId !== before.ticket.assigneeId &&
      !(await repo.isSupportStaff(tx, input.assigneeId))
    )
      throw invalidField('assigneeId', 'assignee_not_support');
    const t = before.ticket;
    const retarget = input.priority !== t.priority || input.headquarterId !== t.headquarterId;
    const due = retarget
      ? dueDates(
          await calendars(tx)(input.headquarterId),
          await loadTargets(tx),
          input.priority,
          t.createdAt,
          t.pausedMinutes,
        )
      : null;
    await updateVersioned(tx, supportTickets, id, version, {
      ...input,
      ...(due && t.respondedAt === null ? { responseDueAt: due.responseDueAt } : {}),
      ...(due && t.resolvedAt === null ? { resolutionDueAt: due.resolutionDueAt } : {}),
    });
    const after = (await repo.findTicket(tx, id))!;
    await writeAudit(tx, actor, {
      action: 'update',
      entity: ENTITY,
      entityId: id,
      changes: diff(snapshot(t), snapshot(after.ticket)),
    });
    if (input.assigneeId && input.assigneeId !== t.assigneeId)
      await notify(tx, actor, {
        kind: 'support.ticket_assigned',
        recipients: [input.assigneeId],
        link: `/support/tickets/${id}`,
        params: { number: t.number, status: t.status },
      });
  });
  return getTicket(db, actor, id);
}

/**
 * Moves a ticket along its workflow (support.workflow.ts) for the caller:
 * 404 when they may not see it; 403 `transition_not_allowed` from another
 * state or for another user; 409 `stale_transition` on a stale version; 400
 * without a required reason or `assigneeId`.
 */
export async function moveTicket(
  db: Db,
  actor: UserActor,
  id: string,
  body: z.output<typeof ticketTransitionBody>,
): Promise<Ticket> {
  await load(db, actor, id);
  await applyTransition(db, ticketWorkflow, actor, {
    recordId: id,
    transition: body.transition,
    version: body.version,
    reason: body.reason,
    returnTo: body.returnTo,
    actingFor: body.actingFor,
    input: body.assigneeId ? { assigneeId: body.assigneeId } : {},
  });
  return getTicket(db, actor, id);
}

/**
 * Adds a comment (spec section 5: text required). Internal comments are for
 * support staff (403 `forbidden` otherwise); a closed ticket (finalizado,
 * cancelado, rechazado) takes none (409 `ticket_closed`). A public comment by
 * someone other than the requester, or by a requester who is also its agent
 * (support staff assigned to it), is the first response if none came yet.
 * Tells the other side: the requester of a public comment by support; the
 * assignee (or every support user while unassigned) of the requester's;
 * the assignee of an internal one.
 */
export async function addComment(
  db: Db,
  actor: UserActor,
  id: string,
  body: z.output<typeof ticketCommentInput>,
): Promise<Ticket> {
  if (body.internal && !isManager(actor)) throw new AppError(403, 'forbidden');
  await db.transaction(async (tx) => {
    const { ticket: t } = await load(tx, actor, id);
    // Locked so a comment never lands on a ticket being closed at the same time.
    const current = await lockedStatus(tx, id);
    if (isClosed(current.status)) throw new AppError(409, 'ticket_closed');
    const commentId = await repo.insertComment(tx, {
      ticketId: id,
      authorId: actor.userId,
      body: body.body,
      internal: body.internal,
    });
    const byRequester = actor.userId === t.requesterId;
    // A requester who is also the ticket's agent (support staff, its assignee) responds with a public comment.
    const responds = !body.internal && (!byRequester || (isManager(actor) && t.assigneeId === actor.userId));
    await repo.touchTicket(tx, id, { responded: responds });
    await writeAudit(tx, actor, {
      action: 'comment',
      entity: ENTITY,
      entityId: id,
      changes: { [`comment:${commentId}`]: { before: null, after: { internal: body.internal } } },
    });
    const recipients = body.internal
      ? [t.assigneeId]
      : byRequester
        ? t.assigneeId
          ? [t.assigneeId]
          : (await repo.supportStaff(tx)).map((u) => u.id)
        : [t.requesterId, t.assigneeId];
    await notify(tx, actor, {
      kind: 'support.ticket_comment',
      recipients: recipients.filter((r): r is string => !!r),
      link: `/support/tickets/${id}`,
      params: { number: t.number, status: current.status },
    });
  });
  return getTicket(db, actor, id);
}

/**
 * Attaches a file from the multipart field `file`: PNG, JPEG or PDF by
 * content (400 `file_type` otherwise, whatever its name says), at most
 * `maxBytes` (413), an image at most IMAGE_MAX_PIXELS (400 `image_too_large`);
 * an image over PREVIEW_OVER_PIXELS is stored with a reduced preview
 * (`receiveUpload`). `internal` files are for support staff (403 otherwise). A
 * closed ticket takes none (409 `ticket_closed`). Audited.
 */
export async function addFile(
  db: Db,
  store: FileStore,
  actor: UserActor,
  upload: UploadSource,
  id: string,
  internal: boolean,
  maxBytes: number,
): Promise<Ticket> {
  if (internal && !isManager(actor)) throw new AppError(403, 'forbidden');
  const before = await load(db, actor, id);
  if (isClosed(before.ticket.status)) throw new AppError(409, 'ticket_closed');
  const file = await receiveUpload(upload, store, {
    field: 'file',
    maxBytes,
    allowed: TICKET_FILE_TYPES,
    typeError: 'file_type',
    preview: true,
  });
  const staged = file.preview ? [file.staged, file.preview] : [file.staged];
  try {
    await db.transaction(async (tx) => {
      await load(tx, actor, id);
      const current = await lockedStatus(tx, id);
      if (isClosed(current.status)) throw new AppError(409, 'ticket_closed');
      await commitStaged(tx, staged);
      const fileId = await repo.insertFile(tx, {
        ticketId: id,
        name: file.name,
        mime: file.mime,
        sizeBytes: file.sizeBytes,
        storageKey: file.key,
        previewKey: file.preview?.key ?? null,
        internal,
        uploadedBy: actor.userId,
      });
      await repo.touchTicket(tx, id);
      await writeAudit(tx, actor, {
        action: 'file_add',
        entity: ENTITY,
        entityId: id,
        changes: { [`file:${fileId}`]: { before: null, after: { name: file.name, mime: file.mime, internal } } },
      });
    });
  } catch (err) {
    await abandonStaged(db, store, staged);
    throw err;
  }
  return getTicket(db, actor, id);
}

/**
 * A ticket's file (inline or as a download; `size: 'preview'` a huge image's reduced JPEG, `storedFileContent`),
 * never cached; 404 for a file of another ticket or an internal one to a requester.
 */
export async function fileContent(
  db: Db,
  store: FileStore,
  actor: UserActor,
  ticketId: string,
  fileId: string,
  request: FileRequest,
): Promise<Content> {
  await load(db, actor, ticketId);
  const file = await repo.findFile(db, fileId);
  if (!file || file.ticketId !== ticketId || (file.internal && !isManager(actor))) throw notFound();
  return storedFileContent(store, file, request);
}

/** The ticket's status under a row lock (what a comment or a file is added to). */
const lockedStatus = async (tx: Executor, id: string) => (await repo.lockedStatus(tx, id))!;

type Filters = Omit<z.output<typeof ticketListQuery>, 'page' | 'pageSize' | 'sort' | 'order'>;

/** A list's WHERE, the values of its placeholders, and its shape (the repository's `listWhere`). */
export type TicketListWhere = repo.TicketListWhere;

/**
 * The WHERE of a ticket list: `scope` mine (the caller's own tickets) or queue
 * (every ticket: support staff only, 403 `forbidden` otherwise), search
 * (internal comments only for support staff) and the filters. With `bind =
 * 'placeholders'` every value is a named placeholder filled from `values`, so
 * one prepared statement serves every list of the same `shape`; with 'values'
 * the values are in the SQL (the board, the export, a count).
 */
export function listWhere(
  actor: UserActor,
  q: Partial<Filters> & { scope: Filters['scope'] },
  bind: 'values' | 'placeholders' = 'values',
): TicketListWhere {
  const manager = isManager(actor);
  if (q.scope === 'queue' ? !manager : !(manager || isRaiser(actor))) throw new AppError(403, 'forbidden');
  return repo.listWhere(q, { userId: actor.userId, internal: manager }, bind);
}

/**
 * A page of tickets (see `listWhere`), each with its service targets in
 * working minutes; the total counted up to four pages ahead (`totalCapped`
 * beyond). One prepared statement per list shape (issue 12 benchmark).
 * With a search (`q`: words, each a prefix, all required; or a ticket number),
 * each item carries `highlight`, its matched words as segments; `sort=relevance`
 * orders by rank, then the newest.
 */
const highlightOfRow = (row: object | undefined) =>
  row && 'highlight' in row ? (row.highlight as string | null) : null;

export async function listTickets(db: Db, actor: UserActor, q: z.output<typeof ticketListQuery>) {
  const cap = (q.page + 4) * q.pageSize;
  const list = listWhere(actor, q, 'placeholders');
  const rows = await repo.listTickets(db, list, q.sort, q.order, q.page, q.pageSize, cap);
  // The count rides on the rows; a page past the end has none, so count alone then.
  const counted =
    rows[0]?.total ?? (q.page > 1 ? (await repo.countTickets(db, listWhere(actor, q).where, cap)).total : 0);
  const items = await summaries(db, rows);
  return {
    // A search's page shows its matched words (issue 24 section 2), computed in the page's own statement.
    items: items.map((i, n) => ({ ...i, highlight: repo.readHighlight(highlightOfRow(rows[n])) })),
    page: q.page,
    pageSize: q.pageSize,
    total: Math.min(counted, cap),
    totalCapped: counted > cap,
  };
}

/** How far back the board's closed columns (finalizado, cancelado, rechazado) reach. */
const BOARD_CLOSED_DAYS = 14;
/** Cards per column: the oldest open ones (the first to work), the latest closed ones; the totals count them all. */
const BOARD_OPEN_CARDS = 20;
const BOARD_CLOSED_CARDS = 10;
/** Characters of a card's description preview. */
const BOARD_PREVIEW_CHARS = 140;

/**
 * Board columns, one per status: open ones (and resuelto) with every ticket
 * counted and the oldest BOARD_OPEN_CARDS as cards; closed ones with the
 * tickets closed in the last BOARD_CLOSED_DAYS days, the latest
 * BOARD_CLOSED_CARDS as cards. Each card carries
 * the transitions the caller may take (the columns it may be dropped on).
 */
export async function board(db: Db, actor: UserActor, q: z.output<typeof ticketBoardQuery>) {
  const list = listWhere(actor, { ...q, scope: 'queue' }, 'placeholders');
  const closed = CLOSED_TICKET_STATUSES as readonly string[];
  const { cards, counts } = await repo.boardColumns(
    db,
    list,
    { open: TICKET_STATUSES.filter((s) => !closed.includes(s)), closed },
    {
      open: BOARD_OPEN_CARDS,
      closed: BOARD_CLOSED_CARDS,
      closedWithinDays: BOARD_CLOSED_DAYS,
      preview: BOARD_PREVIEW_CHARS,
    },
  );
  const calendarOf = calendars(db);
  const now = new Date();
  // Each distinct move once per board; a card names its moves by their index here.
  const transitions: AllowedTicketTransition[] = [];
  const indexOf = new Map<string, number>();
  const principals = await principalsOf(db, ticketWorkflow.people, actor.userId, ticketWorkflow.name);
  const moveIndex = (m: AllowedTicketTransition) => {
    const key = `${m.name}>${m.to}>${m.reason}>${m.actingFor?.id ?? ''}`;
    let i = indexOf.get(key);
    if (i === undefined) indexOf.set(key, (i = transitions.push(m) - 1));
    return i;
  };
  const withTargets = await Promise.all(
    cards.map(async (r): Promise<BoardCardWire> => ({
      id: r.id,
      number: r.number,
      subject: r.subject,
      status: r.status as TicketStatus,
      priority: r.priority as BoardCardWire['priority'],
      version: r.version,
      assigneeId: r.assigneeId,
      assigneeName: r.assigneeName,
      descriptionPreview: r.descriptionPreview,
      sla: slaLeftOf(await calendarOf(r.headquarterId), r, now),
      // The workflow's rules read the ticket's status, requester and assignee, all on the card's row.
      allowed: (
        (await allowedTransitions(db, ticketWorkflow, r as unknown as Row['ticket'] & { status: TicketStatus }, actor, {
          principals,
        })) as AllowedTicketTransition[]
      ).map(moveIndex),
    })),
  );
  return {
    columns: TICKET_STATUSES.map((status) => ({
      status,
      total: counts.get(status) ?? 0,
      cards: withTargets.filter((c) => c.status === status),
    })),
    transitions,
  };
}

/** Support staff's cards: open tickets by status and priority, breached open ones, and the median working hours to resolve (last 90 days). */
export async function dashboard(db: Db): Promise<SupportDashboard> {
  const open = await repo.openByStatusAndPriority(db, [...OPEN_TICKET_STATUSES, 'resuelto']);
  const breached = await repo.countBreached(db, [...OPEN_TICKET_STATUSES]);
  const median = await repo.medianResolution(db);
  const minutes = median?.minutes === null || median?.minutes === undefined ? null : Number(median.minutes);
  return {
    open: open.map((o) => ({
      status: o.status as TicketStatus,
      priority: o.priority as SupportDashboard['open'][number]['priority'],
      count: o.count,
    })),
    breached,
    medianResolutionHours: minutes === null ? null : Math.round((minutes / 60) * 10) / 10,
    resolvedLast90Days: median?.n ?? 0,
  };
}

/** The service targets per priority and the auto-close delay. */
export async function getSettings(db: Executor): Promise<SupportSettings> {
  const targets = await loadTargets(db);
  return {
    targets: (['alta', 'media', 'baja'] as const).map((priority) => ({ priority, ...targetsOf(targets, priority) })),
    autoCloseDays: targets.autoCloseDays,
  };
}
const targetsOf = (t: Awaited<ReturnType<typeof loadTargets>>, p: string) => {
  const x = t.byPriority.get(p)!;
  return { responseHours: x.responseHours, resolutionHours: x.resolutionHours };
};

/**
 * Changes the targets and the auto-close delay (tickets raised from now on;
 * tickets already raised keep their due instants until their priority
 * changes). 400 when a priority repeats or a response target exceeds its
 * resolution target. Audited.
 */
export async function updateSettings(db: Db, actor: UserActor, body: SupportSettings): Promise<SupportSettings> {
  const priorities = body.targets.map((t) => t.priority);
  const errors = body.targets.flatMap((t, i) => [
    ...(priorities.indexOf(t.priority) !== i ? [{ field: `targets.${i}.priority`, code: 'duplicate' }] : []),
    ...(t.responseHours > t.resolutionHours ? [{ field: `targets.${i}.responseHours`, code: 'invalid' }] : []),
  ]);
  if (errors.length) throw invalidFields(errors);
  return db.transaction(async (tx) => {
    const before = await getSettings(tx);
    await repo.writeSettings(tx, body);
    const after = await getSettings(tx);
    await writeAudit(tx, actor, {
      action: 'update',
      entity: 'support_settings',
      entityId: 'support',
      changes: diff(before, after),
    });
    return after;
  });
}

/**
 * The auto-close job's work: every resolved ticket whose requester did not
 * confirm within the configured working days is closed as finalizado
 * (`auto_close`, by `job:support-auto-close`), in batches. A ticket moved
 * meanwhile (409) is left for its new state. Returns how many were closed.
 */
export async function autoCloseResolved(db: Db): Promise<number> {
  const actor = systemActor('job:support-auto-close');
  let closed = 0;
  for (;;) {
    const due = await repo.dueForAutoClose(db, 100);
    if (due.length === 0) return closed;
    let moved = 0;
    for (const t of due) {
      try {
        await applyTransition(db, ticketWorkflow, actor, {
          recordId: t.id,
          transition: 'auto_close',
          version: t.version,
        });
        moved += 1;
      } catch (err) {
        if (!(err instanceof AppError && err.status === 409)) throw err;
      }
    }
    closed += moved;
    if (moved === 0) return closed;
  }
}

/** What the caller may do on a ticket and what is refused them, each checked once (`transitionsFor`). */
async function ticketTransitions(db: Executor, record: Row['ticket'] & { status: TicketStatus }, actor: Actor) {
  const { allowed, refused } = await transitionsFor(db, ticketWorkflow, record, actor);
  return { allowed: allowed as Ticket['allowed'], refused };
}

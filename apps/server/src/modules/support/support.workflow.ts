import { TICKET_STATUSES, type TicketStatus } from '@amparo/shared/modules/support.schema';
import type { NotificationKind } from '@amparo/shared/modules/notifications.schema';
import { defineWorkflow, textOf, userIn, type TransitionContext } from '../../lib/workflow/workflow.ts';
import { notify } from '../notifications/notifications.service.ts';
import { invalidField } from '../../lib/errors.ts';
import type { WorkingTime } from '../../lib/working-time.ts';
import { workingTimeFor } from '../working-calendar/working-calendar.service.ts';
import { loadTargets, WORKING_DAY_MINUTES } from './support.sla.ts';
import { supportTickets, type SupportTicketRow } from './support.table.ts';
import { isSupportStaff, updateTicketColumns } from './support.repository.ts';
import { workflowPeople } from '../users/users.service.ts';

/**
 * The ticket workflow (issue 12; spec section 4 names the statuses, "allowed
 * transitions: not shown", so these are the issue's): the requester cancels
 * while generado, confirms a resolution (finalizado) or reopens it (curso);
 * support (`soporte_gestion`) assigns, starts, sets pendiente with whom it
 * waits for, resolves, rejects with a reason; a resolved ticket nobody
 * confirms is closed by the auto-close job (`auto_close`, system only).
 * Every transition keeps the service targets (support.sla.ts) and tells the
 * other side (notifications).
 */

type Row = SupportTicketRow & { status: TicketStatus };
type Ctx = TransitionContext<Row, TicketStatus>;

const requester = userIn<Row>(supportTickets.requesterId, 'requester');
const SUPPORT = 'soporte_gestion' as const;
const OPEN_BEFORE_WORK = ['generado', 'asignado', 'curso', 'pendiente'] as const;

/** Where a notification about a ticket leads, and what it may say (its number and new status, no text). */
const about = (r: Row, status: TicketStatus) => ({
  link: `/support/tickets/${r.id}`,
  params: { number: r.number, status },
});

async function tell(ctx: Ctx, kind: NotificationKind, recipients: (string | null)[]) {
  await notify(ctx.tx, ctx.actor, {
    kind,
    recipients: recipients.filter((id): id is string => !!id),
    ...about(ctx.record, ctx.to),
  });
}

/** Support's own moves (they need soporte_gestion): a first response even when the requester, as agent, takes them. */
const AGENT_MOVES = new Set(['assign', 'start', 'hold', 'resolve', 'reject']);

/**
 * What every transition writes besides the state: the first response (any
 * transition by someone other than the requester, or an agent's move by a
 * requester who is also the agent), the stopped and restarted
 * resolution clock around pendiente, the resolution instant and the
 * auto-close instant, in the headquarter's working time.
 */
async function keepTargets(ctx: Ctx) {
  const r = ctx.record;
  const now = new Date();
  // Only the moves around pendiente and the resolution count working time: the others read no calendar.
  let calendar: Promise<WorkingTime> | null = null;
  const wt = () => (calendar ??= workingTimeFor(ctx.tx, r.headquarterId));
  const set: Partial<SupportTicketRow> = {};
  // The requester's own moves are no response, unless they are also the agent (issue 24 section 6 item 10).
  const responds = ctx.actor.userId !== r.requesterId || AGENT_MOVES.has(ctx.transition);
  if (r.respondedAt === null && ctx.actor.userId !== null && responds) set.respondedAt = now;
  if (ctx.to === 'pendiente' && r.resolutionDueAt && r.resolutionDueAt > now) set.pausedAt = now;
  if (ctx.from === 'pendiente' && r.pausedAt) {
    // The clock restarts with the working time that was left when it stopped.
    const cal = await wt();
    const left = cal.minutesBetween(r.pausedAt, r.resolutionDueAt ?? r.pausedAt);
    set.resolutionDueAt = cal.addMinutes(now, left);
    set.pausedMinutes = r.pausedMinutes + Math.round(cal.minutesBetween(r.pausedAt, now));
    set.pausedAt = null;
  }
  if (ctx.to === 'resuelto') {
    const [cal, targets] = [await wt(), await loadTargets(ctx.tx)];
    set.resolvedAt = now;
    set.resolutionWorkingMinutes = Math.round(
      cal.minutesBetween(r.createdAt, now) - (set.pausedMinutes ?? r.pausedMinutes),
    );
    set.autoCloseAt = cal.addMinutes(now, targets.autoCloseDays * WORKING_DAY_MINUTES);
  }
  if (ctx.to === 'rechazado' || ctx.to === 'cancelado') set.resolvedAt = now;
  if (ctx.transition === 'reopen') Object.assign(set, { resolvedAt: null, resolutionWorkingMinutes: null });
  if (ctx.from === 'resuelto') set.autoCloseAt = null;
  if (Object.keys(set).length) await updateTicketColumns(ctx.tx, r.id, set);
}

/** Support acted: the requester hears of it. */
const toRequester = async (ctx: Ctx) => {
  await keepTargets(ctx);
  await tell(ctx, 'support.ticket_status', [ctx.record.requesterId]);
};
/** The requester acted: the assignee hears of it. */
const toAssignee = async (ctx: Ctx) => {
  await keepTargets(ctx);
  await tell(ctx, 'support.ticket_status', [ctx.record.assigneeId]);
};

export const ticketWorkflow = defineWorkflow<Row, TicketStatus, typeof supportTickets>({
  name: 'support_ticket',
  table: supportTickets,
  states: TICKET_STATUSES,
  people: workflowPeople,
  path: ['generado', 'asignado', 'curso', 'resuelto', 'finalizado'],
  // Stage times in the headquarter's working time (the service targets' calendar).
  workingTime: (tx, r) => workingTimeFor(tx, r.headquarterId),
  // A resolved ticket waits for its requester's confirmation.
  inbox: {
    title: { number: supportTickets.number, subject: supportTickets.subject },
    href: textOf('/support/tickets/', supportTickets.id),
    transitions: ['confirm'],
  },
  transitions: [
    {
      name: 'assign',
      from: ['generado', 'asignado'],
      to: 'asignado',
      permission: SUPPORT,
      // `before` has checked it is a support staff member's id.
      set: (ctx) => ({ assigneeId: ctx.input.assigneeId as string }),
      before: async (ctx) => {
        const assigneeId = ctx.input.assigneeId;
        if (typeof assigneeId !== 'string') throw invalidField('assigneeId', 'required');
        if (!(await isSupportStaff(ctx.tx, assigneeId))) throw invalidField('assigneeId', 'assignee_not_support');
      },
      after: async (ctx) => {
        await keepTargets(ctx);
        await tell(ctx, 'support.ticket_assigned', [ctx.input.assigneeId as string]);
        await tell(ctx, 'support.ticket_status', [ctx.record.requesterId]);
      },
    },
    {
      name: 'start',
      from: ['generado', 'asignado', 'pendiente'],
      to: 'curso',
      permission: SUPPORT,
      // Starting an unassigned ticket takes it.
      set: (ctx) => ({ assigneeId: ctx.record.assigneeId ?? ctx.actor.userId }),
      after: toRequester,
    },
    { name: 'hold', from: ['curso'], to: 'pendiente', permission: SUPPORT, reason: 'required', after: toRequester },
    {
      name: 'resolve',
      from: ['curso', 'pendiente'],
      to: 'resuelto',
      permission: SUPPORT,
      reason: 'optional',
      after: toRequester,
    },
    {
      name: 'reject',
      from: OPEN_BEFORE_WORK,
      to: 'rechazado',
      permission: SUPPORT,
      reason: 'required',
      after: toRequester,
    },
    { name: 'cancel', from: ['generado'], to: 'cancelado', who: [requester], reason: 'optional', after: toAssignee },
    { name: 'confirm', from: ['resuelto'], to: 'finalizado', who: [requester], after: toAssignee },
    { name: 'reopen', from: ['resuelto'], to: 'curso', who: [requester], reason: 'required', after: toAssignee },
    {
      name: 'auto_close',
      from: ['resuelto'],
      to: 'finalizado',
      systemOnly: true,
      after: async (ctx) => {
        await keepTargets(ctx);
        await tell(ctx, 'support.ticket_status', [ctx.record.requesterId, ctx.record.assigneeId]);
      },
    },
  ],
});

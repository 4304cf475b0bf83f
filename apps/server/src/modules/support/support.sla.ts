import {
  OPEN_TICKET_STATUSES,
  type TicketLevel,
  type TicketSla,
  type TicketSlaLeft,
} from '@amparo/shared/modules/support.schema';
import type { Executor } from '../../db/client.ts';
import type { WorkingTime } from '../../lib/working-time.ts';
import { workingTimesFor } from '../working-calendar/working-calendar.service.ts';
import type { SupportTicketRow } from './support.table.ts';
import * as repo from './support.repository.ts';

/**
 * Service targets of tickets (issue 12), in working time (lib/working-time.ts:
 * office hours in America/Guatemala, public holidays, the charity's closed
 * days of the ticket's headquarter). First response: the first transition or
 * public comment by someone other than the requester. Resolution: resolved or
 * rejected; the clock stops while the ticket waits in pendiente.
 */

/** A working day of the office schedule (8–12, 13–17), for the auto-close delay given in working days. */
export const WORKING_DAY_MINUTES = 8 * 60;

export interface Targets {
  byPriority: Map<string, { responseHours: number; resolutionHours: number }>;
  autoCloseDays: number;
}

/** The configured targets per priority and the auto-close delay. */
export async function loadTargets(db: Executor): Promise<Targets> {
  const { rows, settings } = await repo.targetsAndSettings(db);
  return {
    byPriority: new Map(rows.map((r) => [r.priority, r])),
    autoCloseDays: settings?.autoCloseDays ?? 5,
  };
}

export function targetOf(targets: Targets, priority: string) {
  const t = targets.byPriority.get(priority as TicketLevel);
  if (!t) throw new Error(`support: no target for priority ${priority}`);
  return t;
}

/**
 * The working calendars of a request, by headquarter: the charity's closed
 * days are read once, on first use, and each headquarter's calendar is built once.
 */
export function calendars(db: Executor) {
  let all: Promise<(headquarterId: string | null) => WorkingTime> | null = null;
  return async (headquarterId: string) => (await (all ??= workingTimesFor(db)))(headquarterId);
}

/** Due instants of a ticket raised at `createdAt` with `priority`, in its headquarter's working time. */
export function dueDates(wt: WorkingTime, targets: Targets, priority: string, createdAt: Date, pausedMinutes = 0) {
  const t = targetOf(targets, priority);
  return {
    responseDueAt: wt.addHours(createdAt, t.responseHours),
    resolutionDueAt: wt.addMinutes(createdAt, t.resolutionHours * 60 + pausedMinutes),
  };
}

const isOpen = (status: string) => (OPEN_TICKET_STATUSES as readonly string[]).includes(status);

/** Working minutes from `now` to `due`, negative once it is past. */
function minutesLeft(wt: WorkingTime, due: Date, now: Date): number {
  return due >= now ? Math.floor(wt.minutesBetween(now, due)) : -Math.ceil(wt.minutesBetween(due, now));
}

/** The ticket's time left (working minutes, negative once missed) and flags at `now`: what a board card shows. */
export function slaLeftOf(
  wt: WorkingTime,
  t: Pick<SupportTicketRow, 'status' | 'pausedAt' | 'respondedAt' | 'responseDueAt' | 'resolvedAt' | 'resolutionDueAt'>,
  now: Date,
): TicketSlaLeft {
  const open = isOpen(t.status);
  const paused = t.pausedAt !== null;
  const responseRunning = open && t.respondedAt === null;
  const resolutionRunning = open && !paused && t.resolvedAt === null && t.resolutionDueAt !== null;
  const responseLate = t.respondedAt ? t.respondedAt > t.responseDueAt : responseRunning && now > t.responseDueAt;
  const resolutionLate =
    t.resolutionDueAt !== null &&
    (t.resolvedAt ? t.resolvedAt > t.resolutionDueAt : resolutionRunning && now > t.resolutionDueAt);
  return {
    responseMinutesLeft: responseRunning ? minutesLeft(wt, t.responseDueAt, now) : null,
    resolutionMinutesLeft: resolutionRunning ? minutesLeft(wt, t.resolutionDueAt!, now) : null,
    paused,
    breached: responseLate || resolutionLate,
  };
}

/** The ticket's targets as the lists and the record show them, at `now`: the instants and `slaLeftOf`. */
export function slaOf(wt: WorkingTime, t: SupportTicketRow, now: Date): TicketSla {
  const left = slaLeftOf(wt, t, now);
  return {
    responseDueAt: t.responseDueAt.toISOString(),
    respondedAt: t.respondedAt?.toISOString() ?? null,
    responseMinutesLeft: left.responseMinutesLeft,
    resolutionDueAt: left.paused ? null : (t.resolutionDueAt?.toISOString() ?? null),
    resolvedAt: t.resolvedAt?.toISOString() ?? null,
    resolutionMinutesLeft: left.resolutionMinutesLeft,
    paused: left.paused,
    breached: left.breached,
  };
}

/** SQL: the ticket missed a target, met late or still running late (see the repository's `breachedSql`). */
export const breachedSql = repo.breachedSql;

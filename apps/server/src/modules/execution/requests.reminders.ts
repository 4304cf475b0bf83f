import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { valueAt } from '../../lib/settings/settings.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { WORKING_DAY_MINUTES } from '../../lib/working-time.ts';
import { workingTimeFor } from '../working-calendar/working-calendar.service.ts';
import * as repo from './requests.repository.ts';
import { REQUEST_PATH, tellNextApprovers } from './requests.workflow.ts';

/** The stages a request waits at for an approver (up to the payment): where a reminder is due. */
const WAITING = REQUEST_PATH.slice(0, REQUEST_PATH.indexOf('emision_cheque'));

/**
 * Reminds the approvers of requests waiting at a stage longer than `request_reminder_working_days` working days
 * (issue 26 section 4; the charity's calendar: office hours, public holidays and its own closed days), counted
 * from when the request entered the stage or from the last reminder, so each is reminded once per that many days.
 * The notice is the pending one (`execution.request_pending`, to whoever may move it now and their delegates). 0
 * days: no reminders. Each request in its own transaction; returns how many were reminded. Run by the module's
 * hourly job; `now` for tests.
 */
export async function remindWaitingRequests(db: Db, actor: Actor, now: Date = new Date()): Promise<number> {
  const days = await valueAt(db, 'request_reminder_working_days');
  if (days <= 0) return 0;
  const calendar = await workingTimeFor(db, null);
  let reminded = 0;
  for (const r of await repo.waitingRequests(db, WAITING)) {
    const from = r.remindedAt && r.remindedAt > r.since ? r.remindedAt : r.since;
    if (calendar.minutesBetween(from, now) < days * WORKING_DAY_MINUTES) continue;
    await inTransaction(db, async (tx) => {
      await tellNextApprovers({ tx, actor }, r.id);
      await repo.setRemindedAt(tx, r.id, now);
    });
    reminded += 1;
  }
  return reminded;
}

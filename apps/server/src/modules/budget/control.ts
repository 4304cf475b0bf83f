import type { Availability } from '@amparo/shared/modules/assignment.schema';
import type { FieldError } from '@amparo/shared/errors';
import { hasPermission } from '@amparo/shared/permissions';
import { money, moneyString } from '@amparo/shared/money';
import type { UserActor } from '../../lib/actor.ts';
import type { Executor } from '../../db/client.ts';
import { writeAudit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import * as cooperating from '../cooperating/cooperating.service.ts';
import type { ItemTerms } from '../cooperating/cooperating.service.ts';
import * as repo from './assignment.repository.ts';
import * as plans from './plan.service.ts';

/*
 * The availability control (issue 13 section 4), for the expense requests and their liquidation (execution
 * issue), which call `checkControl` and `recordCommitment` in their own transaction. The key of a check is a
 * planning line, a month and a cooperating item; its figure is the available amount of that cell,
 * assigned − committed − executed, summed from the ledgers. A control that cannot be evaluated (a key missing,
 * a line or item that does not exist, a line with no assignment on the item) refuses loudly with
 * 422 `control_unavailable` and field errors saying which; it never lets an amount through. (The best-known
 * budget control once skipped the check on a blank key; here a blank key is the refusal.)
 */

/** What a check is about; every part is required, absent parts are what the refusal names. */
export interface ControlKey {
  lineId?: string | null;
  itemId?: string | null;
  month?: number | null;
}

/** The document a commitment or an allowed excess comes from (`expense_request`, its id). */
export interface ControlSource {
  type: string;
  id: string | null;
}

const unavailable = (errors: FieldError[]) => new AppError(422, 'control_unavailable', errors);

/** Resolves the key or refuses with what is missing; `lock` takes the line's and the cooperating's row locks. */
async function resolve(db: Executor, key: ControlKey, lock: boolean) {
  const missing: FieldError[] = [];
  if (!key.lineId) missing.push({ field: 'lineId', code: 'required' });
  if (!key.itemId) missing.push({ field: 'itemId', code: 'required' });
  if (key.month == null) missing.push({ field: 'month', code: 'required' });
  else if (!Number.isInteger(key.month) || key.month < 1 || key.month > 12)
    missing.push({ field: 'month', code: 'invalid' });
  if (missing.length) throw unavailable(missing);
  const lineId = key.lineId!;
  const itemId = key.itemId!;
  const month = key.month!;
  const line = lock ? await repo.lockLine(db, lineId) : await repo.lineYear(db, lineId);
  if (!line) throw unavailable([{ field: 'lineId', code: 'invalid' }]);
  const terms = lock ? await cooperating.lockItemTerms(db, itemId) : await cooperating.itemTerms(db, itemId);
  if (!terms) throw unavailable([{ field: 'itemId', code: 'invalid' }]);
  const cells = (await repo.lineCells(db, lineId)).filter((c) => c.itemId === itemId);
  if (!cells.some((c) => money(c.assigned).greaterThan(0)))
    throw unavailable([{ field: 'itemId', code: 'not_assigned' }]);
  const planned = (await repo.plannedMonths(db, lineId))[month - 1]!;
  const cell = cells.find((c) => c.month === month);
  return { lineId, itemId, month, year: line.year, terms, planned, cell };
}

function figuresOf(r: Awaited<ReturnType<typeof resolve>>, amount: string): Availability & { terms: ItemTerms } {
  const assigned = r.cell?.assigned ?? '0.00';
  const committed = r.cell?.committed ?? '0.00';
  const executed = r.cell?.executed ?? '0.00';
  const available = money(assigned).minus(committed).minus(executed);
  const excess = money(amount).minus(available);
  const over = excess.greaterThan(0);
  return {
    planned: r.planned,
    assigned,
    committed,
    executed,
    available: moneyString(available),
    controlMode: r.terms.controlMode,
    outcome: over ? r.terms.controlMode : 'ok',
    excess: moneyString(over ? excess : money(0)),
    terms: r.terms,
  };
}

/**
 * Availability of a (line, item, month) cell for `amount` (Q, default 0), as a request is typed
 * (`GET /api/budget/availability`): planned (the line's month), assigned, committed, executed, available (Q),
 * the cooperating's control mode and what the control would do with the amount (`ok`, `warn`, `stop`) with the
 * excess. 422 `control_unavailable` when the key cannot be evaluated. Reads without locks.
 */
export async function availabilityOf(db: Executor, key: ControlKey, amount = '0.00'): Promise<Availability> {
  const { terms: _terms, ...figures } = figuresOf(await resolve(db, key, false), amount);
  return figures;
}

/**
 * The control a request runs before it commits `amount` (Q) of a cell, in the caller's transaction, after
 * locking the line and the cooperating (issue 13 section 4). Within the available amount: `ok`. Over it, by
 * the cooperating's mode: `stop` refuses with 409 `budget_stop` (field `amount`, `exceeds_available`, params
 * available, excess) unless `override.reason` is given by a holder of `asignacion_liberacion` (else 403
 * `forbidden`); `warn` refuses with 409 `budget_warning` (same field error) until `confirmWarning` is true.
 * An excess let through is recorded in `budget_control_events` and audited. 409 `year_closed` on a closed year. 422 `control_unavailable` when the
 * key cannot be evaluated.
 */
export async function checkControl(
  tx: Executor,
  actor: UserActor,
  key: ControlKey & { amount: string; source: ControlSource },
  options: { confirmWarning?: boolean; override?: { reason: string } | null } = {},
): Promise<{ outcome: 'ok' | 'warned' | 'overridden'; available: string }> {
  const r = await resolve(tx, key, true);
  await plans.assertOpen(tx, r.year);
  const f = figuresOf(r, key.amount);
  if (f.outcome === 'ok') return { outcome: 'ok', available: f.available };
  const excess: FieldError = {
    field: 'amount',
    code: 'exceeds_available',
    params: { available: f.available, excess: f.excess },
  };
  let outcome: 'warned' | 'overridden';
  let reason: string | null = null;
  if (f.outcome === 'warn') {
    if (!options.confirmWarning) throw new AppError(409, 'budget_warning', [excess]);
    outcome = 'warned';
  } else {
    if (!options.override?.reason.trim()) throw new AppError(409, 'budget_stop', [excess]);
    if (!hasPermission(actor.permissions, 'asignacion_liberacion')) throw new AppError(403, 'forbidden');
    outcome = 'overridden';
    reason = options.override.reason.trim();
  }
  await repo.insertControlEvent(tx, {
    lineId: r.lineId,
    itemId: r.itemId,
    cooperatingId: r.terms.cooperatingId,
    month: r.month,
    outcome,
    amount: key.amount,
    available: f.available,
    reason,
    sourceType: key.source.type,
    sourceId: key.source.id,
    actorId: actor.userId,
  });
  await writeAudit(tx, actor, {
    action: outcome,
    entity: 'budget_control',
    entityId: r.lineId,
    changes: {
      control: {
        before: { available: f.available },
        after: { itemId: r.itemId, month: r.month, amount: key.amount, reason, source: key.source },
      },
    },
  });
  return { outcome, available: f.available };
}

/**
 * Appends a commitment row (execution issue): `commit` (amount > 0: an open request), `release` (a commitment
 * given back: stored negative), `execute` (spent; a negative amount reverses). The cell must be one the control
 * can evaluate (422 `control_unavailable` otherwise). Run in the request's transaction after `checkControl`.
 */
export async function recordCommitment(
  tx: Executor,
  actor: UserActor,
  entry: ControlKey & {
    kind: 'commit' | 'release' | 'execute';
    amount: string;
    source: ControlSource & { id: string };
  },
): Promise<void> {
  const r = await resolve(tx, entry, true);
  // What was committed before the year closed is still released or executed (a December request settled in January).
  if (entry.kind === 'commit') await plans.assertOpen(tx, r.year);
  const amount = entry.kind === 'release' ? moneyString(money(entry.amount).abs().neg()) : entry.amount;
  await repo.insertCommitment(tx, {
    lineId: r.lineId,
    itemId: r.itemId,
    cooperatingId: r.terms.cooperatingId,
    month: r.month,
    kind: entry.kind,
    amount,
    sourceType: entry.source.type,
    sourceId: entry.source.id,
    authorId: actor.userId,
  });
}

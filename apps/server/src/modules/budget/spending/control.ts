import type { Availability } from '@amparo/shared/modules/assignment.schema';
import type { FieldError } from '@amparo/shared/errors';
import { money, moneyString } from '@amparo/shared/money';
import type { Executor } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import * as cooperating from '../../cooperating/cooperating.service.ts';
import type { ItemTerms } from '../../cooperating/cooperating.service.ts';
import * as repo from '../assignment/assignment.repository.ts';

/*
 * The availability control's figures as a request is typed (issue 13 section 4); the spending modules commit,
 * release and execute through `spending.ts`, which runs the same control under locks. The key of a check is a
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

const unavailable = (errors: FieldError[]) => new AppError(422, 'control_unavailable', errors);

/** Resolves the key or refuses with what is missing (reads without locks). */
async function resolve(db: Executor, key: ControlKey) {
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
  const line = await repo.lineYear(db, lineId);
  if (!line) throw unavailable([{ field: 'lineId', code: 'invalid' }]);
  const terms = await cooperating.itemTerms(db, itemId);
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
  const { terms: _terms, ...figures } = figuresOf(await resolve(db, key), amount);
  return figures;
}

export type { LineAvailability } from '../assignment/assignment.repository.ts';

/**
 * The lines of `year` with their figures in `month` (Q, over every cooperating item: available = assigned −
 * committed − executed), for a request's line picker (issue 26 section 3): by classification and description,
 * at most `limit` (default 50); `q` narrows by the description (accents and case ignored), program or axis code.
 * Reads without locks: the figure shown, not the one committed (`commit` checks under the locks).
 */
export const availableLines = repo.availableLines;

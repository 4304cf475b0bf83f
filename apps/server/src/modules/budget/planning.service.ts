import type { z } from 'zod';
import type {
  PlanningLine,
  PlanningLineSummary,
  planningLineInput,
  planningLineUpdate,
  planningListQuery,
} from '@amparo/shared/modules/budget.schema';
import { MONTHS } from '@amparo/shared/modules/budget.schema';
import { money, moneyString, sumMoney } from '@amparo/shared/money';
import type { FieldError } from '@amparo/shared/errors';
import type { UserActor } from '../../lib/actor.ts';
import type { Db, Executor } from '../../db/client.ts';
import { diff, writeAudit } from '../../lib/audit.ts';
import { AppError, invalidFields, notFound } from '../../lib/errors.ts';
import { updateVersioned } from '../../lib/versioned.ts';
import * as catalogs from '../catalogs/catalogs.service.ts';
import * as headquartersService from '../headquarters/headquarters.service.ts';
import * as usersService from '../users/users.service.ts';
import { planningLines } from './budget.table.ts';
import * as repo from './planning.repository.ts';
import * as assignments from './assignment.repository.ts';

/**
 * Planning lines of the annual operating plan (issue 13 section 3),
 * permission `presupuesto_planificacion`. A line and its 12 months are
 * written together in one transaction (nothing partial: spec section 8,
 * 'Planning could not be saved'); every change is audited with the amounts
 * before and after. Amounts are numeric(14,2), summed in SQL.
 */

const ENTITY = 'planning_line';
type Input = z.output<typeof planningLineInput>;

function toSummary(r: repo.LineRow): PlanningLineSummary {
  const x = r.line;
  return {
    id: x.id,
    year: x.year,
    strategicAxis: x.strategicAxis,
    program: x.program,
    expenseType: x.expenseType,
    description: x.description,
    goalUnit: x.goalUnit,
    responsibleId: x.responsibleId,
    responsibleName: r.responsibleName,
    plannerId: x.plannerId,
    plannerName: r.plannerName,
    headquarterId: x.headquarterId,
    headquarterName: r.headquarterName,
    municipality: x.municipality,
    totalAmount: moneyString(sumMoney([r.totalAmount])),
    totalGoal: moneyString(sumMoney([r.totalGoal])),
    version: x.version,
  };
}

async function load(db: Executor, id: string): Promise<PlanningLine> {
  const row = await repo.findLine(db, id);
  if (!row) throw notFound();
  const months = await repo.monthsOf(db, id);
  return { ...toSummary(row), months: months.map((m) => ({ month: m.month, goal: m.goal, amount: m.amount })) };
}

/**
 * Checks what the schema cannot: the classification's codes exist and are
 * active (a code the line already had may since have been deactivated: it
 * stays on the line), the program sits under the chosen strategic axis, the
 * responsible and the planner are active users, the headquarter exists and is
 * active (or unchanged), the municipality exists. 400 with every field error
 * at once.
 */
async function check(db: Executor, body: Input, before: repo.LineRow['line'] | null) {
  const errors: FieldError[] = [];
  const kept = (field: keyof Input) => before !== null && before[field as keyof typeof before] === body[field];
  // One after the other: inside a transaction the client runs one query at a time.
  const axes = await catalogs.listItems(db, 'strategic_axis');
  const programs = await catalogs.listItems(db, 'program');
  const types = await catalogs.listItems(db, 'expense_type');
  const usable = (items: { code: string; active: boolean }[], code: string, field: keyof Input) =>
    items.some((i) => i.code === code && (i.active || kept(field)));
  if (!usable(axes, body.strategicAxis, 'strategicAxis')) errors.push({ field: 'strategicAxis', code: 'invalid' });
  const program = programs.find((p) => p.code === body.program);
  if (!usable(programs, body.program, 'program') || program?.parent !== body.strategicAxis)
    errors.push({ field: 'program', code: 'invalid' });
  if (!usable(types, body.expenseType, 'expenseType')) errors.push({ field: 'expenseType', code: 'invalid' });
  for (const field of ['responsibleId', 'plannerId'] as const) {
    const user = await usersService.findUserRecord(db, body[field]);
    if (!user || (!user.active && !kept(field))) errors.push({ field, code: 'invalid' });
  }
  const hq = (await headquartersService.headquarterOptions(db)).find((h) => h.value === body.headquarterId);
  if (!hq || (!hq.active && !kept('headquarterId'))) errors.push({ field: 'headquarterId', code: 'invalid' });
  if (body.municipality && !(await catalogs.findMunicipality(db, body.municipality)))
    errors.push({ field: 'municipality', code: 'invalid' });
  if (errors.length) throw invalidFields(errors);
}

const months = (body: Input) => [...body.months].sort((a, b) => a.month - b.month);
/** What the audit keeps of a line: its fields and its months' amounts and goals. */
const audited = (line: PlanningLine | null) =>
  line && {
    ...Object.fromEntries(Object.entries(line).filter(([k]) => !k.endsWith('Name') && k !== 'months' && k !== 'id')),
    amounts: line.months.map((m) => m.amount),
    goals: line.months.map((m) => m.goal),
  };

/** A line without its months, with its totals (404 when it does not exist). */
export async function getLineSummary(db: Executor, id: string): Promise<PlanningLineSummary> {
  const row = await repo.findLine(db, id);
  if (!row) throw notFound();
  return toSummary(row);
}

/**
 * Refuses planned amounts under what is assigned of each month (issue 13 section 4: the assigned total of a
 * month never exceeds its planned amount): 409 `limit_exceeded`, `months.N.amount` `below_assigned` (params
 * assigned, excess); 400 `has_records` on `year` when a line with ledger rows would change year. Run after the
 * line's row is locked by its update.
 */
async function checkAssigned(tx: Executor, id: string, body: Input, year: number) {
  // Its assignments were checked against the agreements in its year: the year stays while they exist.
  if (body.year !== year && (await assignments.lineHasLedger(tx, id)))
    throw invalidFields([{ field: 'year', code: 'has_records' }]);
  const assigned = await assignments.assignedByMonth(tx, id);
  const errors: FieldError[] = [];
  body.months.forEach((m, i) => {
    const held = assigned[m.month - 1]!;
    if (money(m.amount).lessThan(held))
      errors.push({
        field: `months.${i}.amount`,
        code: 'below_assigned',
        params: { assigned: held, excess: moneyString(money(held).minus(m.amount)) },
      });
  });
  if (errors.length) throw new AppError(409, 'limit_exceeded', errors);
}

/** A line with its months and totals (404 when it does not exist). */
export function getLine(db: Executor, id: string): Promise<PlanningLine> {
  return load(db, id);
}

/**
 * The plan's lines matching the filters, a page at a time, with the exact
 * count and the amount per month and the year's total over every matching
 * line (Q, as decimal strings; the list's footer).
 */
export async function listLines(db: Db, q: z.output<typeof planningListQuery>) {
  const {
    rows,
    total,
    months: byMonth,
  } = await repo.listLines(db, repo.listWhere(q), q.sort, q.order, q.page, q.pageSize);
  const monthTotals = MONTHS.map((m) => moneyString(sumMoney([byMonth.get(m) ?? '0'])));
  return {
    items: rows.map(toSummary),
    page: q.page,
    pageSize: q.pageSize,
    total,
    totalCapped: false,
    totals: { months: monthTotals, total: moneyString(sumMoney(monthTotals)) },
  };
}

/** Creates a line with its 12 months in one transaction; audited. */
export async function createLine(db: Db, actor: UserActor, body: Input): Promise<PlanningLine> {
  return db.transaction(async (tx) => {
    await check(tx, body, null);
    const { months: _months, ...fields } = body;
    const id = await repo.insertLine(tx, {
      ...fields,
      municipality: fields.municipality ?? null,
      createdBy: actor.userId,
      updatedBy: actor.userId,
    });
    await repo.replaceMonths(tx, id, months(body));
    const line = await load(tx, id);
    await writeAudit(tx, actor, { action: 'create', entity: ENTITY, entityId: id, changes: diff(null, audited(line)) });
    return line;
  });
}

/** Replaces a line's fields and months (409 on a stale version); audited with what changed. */
export async function updateLine(
  db: Db,
  actor: UserActor,
  id: string,
  body: z.output<typeof planningLineUpdate>,
): Promise<PlanningLine> {
  return db.transaction(async (tx) => {
    const before = await repo.findLine(tx, id);
    if (!before) throw notFound();
    const beforeLine = await load(tx, id);
    const { version, months: _months, ...fields } = body;
    await check(tx, body, before.line);
    await updateVersioned(tx, planningLines, id, version, {
      ...fields,
      municipality: fields.municipality ?? null,
      updatedBy: actor.userId,
    });
    await checkAssigned(tx, id, body, before.line.year);
    await repo.replaceMonths(tx, id, months(body));
    const line = await load(tx, id);
    await writeAudit(tx, actor, {
      action: 'update',
      entity: ENTITY,
      entityId: id,
      changes: diff(audited(beforeLine), audited(line), ['version']),
    });
    return line;
  });
}

/** Deletes a line and its months; audited. 409 `in_use` once the line has assignments or commitments (ledgers keep them). */
export async function deleteLine(db: Db, actor: UserActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const line = await load(tx, id);
    if (await assignments.lineHasLedger(tx, id)) throw new AppError(409, 'in_use');
    await repo.deleteLine(tx, id);
    await writeAudit(tx, actor, { action: 'delete', entity: ENTITY, entityId: id, changes: diff(audited(line), null) });
  });
}

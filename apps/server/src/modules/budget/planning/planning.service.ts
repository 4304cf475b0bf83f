import { randomUUID } from 'node:crypto';
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
import type { UserActor } from '../../../lib/actor.ts';
import type { Db, Executor } from '../../../db/client.ts';
import { diff, writeAudit, writeAudits } from '../../../lib/audit.ts';
import { allOf } from '../../../db/sql.ts';
import { AppError, invalidFields, isForeignKeyViolation, notFound } from '../../../lib/errors.ts';
import { inTransaction } from '../../../lib/transaction.ts';
import { updateVersioned } from '../../../lib/versioned.ts';
import * as catalogs from '../../catalogs/catalogs.service.ts';
import * as headquartersService from '../../headquarters/headquarters.service.ts';
import * as usersService from '../../users/users.service.ts';
import { planningLines } from './planning.table.ts';
import * as repo from './planning.repository.ts';
import * as assignments from '../assignment/assignment.repository.ts';
import * as plans from '../plan/plan.service.ts';

/**
 * Planning lines of the annual operating plan (issue 13 section 3),
 * permission `presupuesto_planificacion`. A line and its 12 months are
 * written together in one transaction (nothing partial: spec section 8,
 * 'Planning could not be saved'); every change is audited with the amounts
 * before and after. Amounts are numeric(14,2), summed in SQL.
 */

const ENTITY = 'planning_line';
/** A line as the API takes it, parsed (amounts and goals as two-decimal strings, Q). */
export type Input = z.output<typeof planningLineInput>;

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
 * What the checks of a line read from the database, loaded once for one line
 * or for every line of a file or a year: the classification catalogs (code →
 * active, a program's strategic axis), the users named (by id, and by
 * lower-case username and e-mail when asked for), the headquarters (by id and
 * by upper-case code) and the municipalities' INE codes.
 */
export interface LineRules {
  axes: Map<string, boolean>;
  programs: Map<string, { active: boolean; parent: string | null }>;
  types: Map<string, boolean>;
  users: Map<string, { id: string; active: boolean }>;
  headquarters: Map<string, boolean>;
  headquarterCodes: Map<string, string>;
  municipalities: ReadonlySet<string> | ReadonlyMap<string, unknown>;
}

/** Loads the rules for lines naming these users (ids, or usernames/e-mails in `logins`). */
export async function lineRules(db: Executor, users: { ids?: string[]; logins?: string[] } = {}): Promise<LineRules> {
  // In a transaction (one connection) the reads run one after another.
  const [axes, programs, types, people, hqs, geography] = await allOf(db, [
    () => catalogs.listItems(db, 'strategic_axis'),
    () => catalogs.listItems(db, 'program'),
    () => catalogs.listItems(db, 'expense_type'),
    () => usersService.usersByLoginOrId(db, users.logins ?? [], users.ids ?? []),
    () => headquartersService.headquarterOptions(db),
    () => catalogs.geographyNames(db),
  ]);
  return {
    axes: new Map(axes.map((i) => [i.code, i.active])),
    programs: new Map(programs.map((i) => [i.code, { active: i.active, parent: i.parent }])),
    types: new Map(types.map((i) => [i.code, i.active])),
    users: people,
    headquarters: new Map(hqs.map((h) => [h.value, h.active])),
    headquarterCodes: new Map(hqs.map((h) => [h.code.toUpperCase(), h.value])),
    municipalities: geography.municipalities,
  };
}

/**
 * What the schema cannot check of a line, as field errors (none when it may
 * be written; issue 13 section 3): the classification's codes exist
 * (`unknown_code`) and are active (`inactive`; a code the line already had,
 * `before`, may since have been deactivated: it stays on the line), the
 * program sits under the chosen strategic axis (`program_not_in_axis`), the
 * responsible and the planner are users (`unknown_code`) and active
 * (`inactive`, unless unchanged), the headquarter exists and is active (or
 * unchanged), the municipality exists (`unknown_code`).
 */
export function lineProblems(rules: LineRules, body: Input, before: repo.LineRow['line'] | null): FieldError[] {
  const errors: FieldError[] = [];
  const kept = (field: keyof Input) => before !== null && before[field as keyof typeof before] === body[field];
  const usable = (active: boolean | undefined, field: keyof Input) => {
    if (active === undefined) errors.push({ field, code: 'unknown_code' });
    else if (!active && !kept(field)) errors.push({ field, code: 'inactive' });
    return active !== undefined;
  };
  usable(rules.axes.get(body.strategicAxis), 'strategicAxis');
  const program = rules.programs.get(body.program);
  // A line keeps its program under its axis if the program has since moved to another axis.
  const unchanged = kept('program') && kept('strategicAxis');
  if (usable(program?.active, 'program') && program!.parent !== body.strategicAxis && !unchanged)
    errors.push({ field: 'program', code: 'program_not_in_axis' });
  usable(rules.types.get(body.expenseType), 'expenseType');
  for (const field of ['responsibleId', 'plannerId'] as const) usable(rules.users.get(body[field])?.active, field);
  usable(rules.headquarters.get(body.headquarterId), 'headquarterId');
  if (body.municipality && !rules.municipalities.has(body.municipality))
    errors.push({ field: 'municipality', code: 'unknown_code' });
  return errors;
}

/** 400 with every field error of `lineProblems` at once. */
async function check(db: Executor, body: Input, before: repo.LineRow['line'] | null) {
  const rules = await lineRules(db, { ids: [body.responsibleId, body.plannerId] });
  const errors = lineProblems(rules, body, before);
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

/** A line to write: its checked input and, for a copy, the line it copies. */
export interface NewLine {
  body: Input;
  copiedFromId?: string;
}

/** Lines written per batch when the caller follows the progress (`insertLines`' `onProgress`). */
export const PROGRESS_BATCH = 250;

/**
 * Writes new lines with their 12 months and one `create` audit entry each, in
 * the caller's transaction, in batches (createLine writes one; an import or a
 * copied year thousands). The bodies must have passed `lineProblems`. The
 * audit holds what `audited` holds of the written line (fields, totals in Q,
 * version 1, the 12 amounts and goals), plus `copiedFromId` for a copy.
 * Returns the new ids, in order.
 *
 * Refuses with 409 `plan_locked` (`plans.assertEditable`) before writing anything. With `onProgress` (an
 * import followed from the web, issue 25 section 7): called with (0, total) once every year is known editable,
 * then the lines are written `PROGRESS_BATCH` at a time, each batch's lines, months and audit entries together,
 * and it is called with (lines written so far, total) after each, and awaited (a stream lets its line go out);
 * still one transaction, so nothing is committed before the caller's end. Without it, all the lines go in one
 * pass.
 */
export async function insertLines(
  tx: Executor,
  actor: UserActor,
  lines: NewLine[],
  { onProgress }: { onProgress?: (done: number, total: number) => void | Promise<void> } = {},
): Promise<string[]> {
  for (const year of [...new Set(lines.map((l) => l.body.year))].sort((a, b) => a - b))
    await plans.assertEditable(tx, year);
  await onProgress?.(0, lines.length);
  const size = onProgress ? PROGRESS_BATCH : Math.max(lines.length, 1);
  const ids: string[] = [];
  for (let i = 0; i < lines.length; i += size) {
    ids.push(...(await writeLines(tx, actor, lines.slice(i, i + size))));
    await onProgress?.(Math.min(i + size, lines.length), lines.length);
  }
  return ids;
}

/** One batch of `insertLines`: the lines, their months, their audit entries. */
async function writeLines(tx: Executor, actor: UserActor, lines: NewLine[]): Promise<string[]> {
  const rows = lines.map(({ body, copiedFromId }) => {
    const { months: _months, ...fields } = body;
    return {
      id: randomUUID(),
      ...fields,
      municipality: fields.municipality ?? null,
      copiedFromId: copiedFromId ?? null,
      createdBy: actor.userId,
      updatedBy: actor.userId,
    };
  });
  await repo.insertLines(tx, rows);
  await repo.insertMonths(
    tx,
    rows.flatMap((row, i) => months(lines[i]!.body).map((m) => ({ lineId: row.id, ...m }))),
  );
  await writeAudits(
    tx,
    actor,
    rows.map(({ id, createdBy: _c, updatedBy: _u, copiedFromId, ...fields }, i) => {
      const ordered = months(lines[i]!.body);
      return {
        action: 'create',
        entity: ENTITY,
        entityId: id,
        changes: diff(null, {
          ...fields,
          ...(copiedFromId ? { copiedFromId } : {}),
          totalAmount: moneyString(sumMoney(ordered.map((m) => m.amount))),
          totalGoal: moneyString(sumMoney(ordered.map((m) => m.goal))),
          version: 1,
          amounts: ordered.map((m) => m.amount),
          goals: ordered.map((m) => m.goal),
        }),
      };
    }),
  );
  return rows.map((r) => r.id);
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

/**
 * Creates a line with its 12 months in one transaction; audited. 400 with every field error of `lineProblems`;
 * 409 `plan_locked` when the year's plan is submitted or approved (changes go in a revision).
 */
export async function createLine(db: Db, actor: UserActor, body: Input): Promise<PlanningLine> {
  return inTransaction(db, async (tx) => {
    await check(tx, body, null);
    const [id] = await insertLines(tx, actor, [{ body }]);
    return load(tx, id!);
  });
}

/** Replaces a line's fields and months (409 on a stale version; 409 `plan_locked` unless its years' plans are drafts); audited with what changed. */
export async function updateLine(
  db: Db,
  actor: UserActor,
  id: string,
  body: z.output<typeof planningLineUpdate>,
): Promise<PlanningLine> {
  return inTransaction(db, async (tx) => {
    const before = await repo.findLine(tx, id);
    if (!before) throw notFound();
    const beforeLine = await load(tx, id);
    const { version, months: _months, ...fields } = body;
    for (const year of [...new Set([before.line.year, body.year])].sort((a, b) => a - b))
      await plans.assertEditable(tx, year);
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

/** Deletes a line and its months; audited. 409 `in_use` once the line has assignments or commitments (ledgers keep them) or an activity or attention executes it. */
export async function deleteLine(db: Db, actor: UserActor, id: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const line = await load(tx, id);
    await plans.assertEditable(tx, line.year);
    if (await assignments.lineHasLedger(tx, id)) throw new AppError(409, 'in_use');
    try {
      await repo.deleteLine(tx, id);
    } catch (err) {
      // An activity or an attention executes it (their planning_line_id).
      if (isForeignKeyViolation(err)) throw new AppError(409, 'in_use');
      throw err;
    }
    await writeAudit(tx, actor, { action: 'delete', entity: ENTITY, entityId: id, changes: diff(audited(line), null) });
  });
}

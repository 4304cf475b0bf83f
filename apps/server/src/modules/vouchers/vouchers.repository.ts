import { and, asc, desc, eq, gte, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { VoucherMovementKind, VoucherRangeState } from '@amparo/shared/modules/vouchers.schema';
import type { Executor } from '../../db/client.ts';
import { matches, textVector, wordsText } from '../../lib/search.ts';
import { updateVersioned } from '../../lib/versioned.ts';
import { users } from '../users/users.table.ts';
import { voucherMovements, voucherRanges, vouchers, type VoucherRangeRow } from './vouchers.table.ts';

export type { VoucherRangeRow };

/** The day a range's state is read on (America/Guatemala) and the warning window (days) of `expiring`. */
export interface StateClock {
  today: string;
  warningDays: number;
}

/** The SQL of a range's state (`VOUCHER_RANGE_STATES`), so the list filters by it in the database. */
export function stateSql(clock: StateClock): SQL<VoucherRangeState> {
  const r = voucherRanges;
  return sql<VoucherRangeState>`case
    when not ${r.active} then 'inactive'
    when ${r.expiresOn} < ${clock.today}::date then 'expired'
    when ${r.available} = 0 then 'exhausted'
    when ${r.expiresOn} <= ${clock.today}::date + ${clock.warningDays}::int then 'expiring'
    else 'valid' end`;
}

/**
 * The list's filter: `q` by words over the description, or the series exactly, or a number the range holds;
 * `kind`; `state` (one state, `usable` = valid or expiring, or all).
 */
function listWhere(
  f: { q?: string; kind?: string; state: string; headquarterId?: string },
  clock: StateClock,
): SQL | undefined {
  const r = voucherRanges;
  const parts: (SQL | undefined)[] = [];
  if (f.q) {
    const q = f.q.trim();
    const number = /^\d{1,9}$/.test(q) ? Number(q) : null;
    parts.push(
      or(
        matches(textVector(sql`${r.description}`), wordsText(q)),
        eq(r.series, q.replace(/[\s-]+/g, '').toUpperCase()),
        number === null ? undefined : and(lte(r.firstNumber, number), gte(r.lastNumber, number)),
      ),
    );
  }
  if (f.kind) parts.push(eq(r.kind, f.kind));
  // A headquarter's ranges and those of none (usable anywhere).
  if (f.headquarterId) parts.push(or(isNull(r.headquarterId), eq(r.headquarterId, f.headquarterId)));
  if (f.state === 'usable') parts.push(sql`${stateSql(clock)} in ('valid', 'expiring')`);
  else if (f.state !== 'all') parts.push(sql`${stateSql(clock)} = ${f.state}`);
  return and(...parts);
}

/** A page of ranges, soonest expiry first (`order` desc: latest first), and how many match. */
export async function listRanges(
  db: Executor,
  f: {
    q?: string;
    kind?: string;
    state: string;
    headquarterId?: string;
    page: number;
    pageSize: number;
    order: 'asc' | 'desc';
  },
  clock: StateClock,
) {
  const where = listWhere(f, clock);
  const items = await db
    .select({ row: voucherRanges, state: stateSql(clock) })
    .from(voucherRanges)
    .where(where)
    .orderBy(
      f.order === 'desc' ? desc(voucherRanges.expiresOn) : asc(voucherRanges.expiresOn),
      asc(voucherRanges.series),
      asc(voucherRanges.firstNumber),
      asc(voucherRanges.id),
    )
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(voucherRanges)
    .where(where);
  return { items, total: count?.n ?? 0 };
}

/** One range with its state, or null; `lock` takes the row for update (every change of its numbers does). */
export async function findRange(db: Executor, id: string, clock: StateClock, lock = false) {
  const query = db
    .select({ row: voucherRanges, state: stateSql(clock) })
    .from(voucherRanges)
    .where(eq(voucherRanges.id, id))
    .limit(1);
  const [found] = lock ? await query.for('update') : await query;
  return found ?? null;
}

/** Another range of `series` sharing a number with first..last, or null. */
export async function findOverlap(db: Executor, series: string, first: number, last: number, except?: string) {
  const r = voucherRanges;
  const [row] = await db
    .select({ id: r.id, series: r.series, start: r.firstNumber, end: r.lastNumber })
    .from(r)
    .where(
      and(
        eq(r.series, series),
        lte(r.firstNumber, last),
        gte(r.lastNumber, first),
        except ? ne(r.id, except) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Inserts a range and one `available` row per number, in the caller's transaction; returns its id. */
export async function insertRange(db: Executor, values: typeof voucherRanges.$inferInsert): Promise<string> {
  const [row] = await db.insert(voucherRanges).values(values).returning({ id: voucherRanges.id });
  await insertNumbers(db, row!.id, values.series ?? '', values.firstNumber, values.lastNumber);
  return row!.id;
}

/** One `available` row per number first..last (23505 `vouchers_series_number_key` when another range holds one). */
async function insertNumbers(db: Executor, rangeId: string, series: string, first: number, last: number) {
  await db.execute(sql`insert into ${vouchers} (range_id, series, number)
    select ${rangeId}::uuid, ${series}, n from generate_series(${first}::int, ${last}::int) as n`);
}

/** Replaces a range's numbers (only while none was ever issued: the caller checks). */
export async function renumber(db: Executor, rangeId: string, series: string, first: number, last: number) {
  await db.delete(vouchers).where(eq(vouchers.rangeId, rangeId));
  await insertNumbers(db, rangeId, series, first, last);
}

/** Updates a range at `version` (409 `version_conflict` when stale, 404 when gone). */
export function updateRange(
  db: Executor,
  id: string,
  version: number,
  values: Omit<Partial<typeof voucherRanges.$inferInsert>, 'version' | 'updatedAt'>,
) {
  return updateVersioned(db, voucherRanges, id, version, values);
}

/** Whether any number of the range ever moved (reserved, used, voided…): then its numbers are fixed. */
export async function hasMovements(db: Executor, rangeId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: voucherMovements.id })
    .from(voucherMovements)
    .where(eq(voucherMovements.rangeId, rangeId))
    .limit(1);
  return !!row;
}

/** The status of one number of a range, or null when the range does not hold it. */
export async function numberStatus(db: Executor, rangeId: string, number: number) {
  const [row] = await db
    .select({ status: vouchers.status, referenceType: vouchers.referenceType, referenceId: vouchers.referenceId })
    .from(vouchers)
    .where(and(eq(vouchers.rangeId, rangeId), eq(vouchers.number, number)))
    .limit(1);
  return row ?? null;
}

/**
 * Reserves the `count` lowest available numbers of a range for a record; returns them in order. The caller holds
 * the range's row lock, so two issues of one range never pick the same numbers.
 */
export async function reserveLowest(
  db: Executor,
  rangeId: string,
  count: number,
  reference: { type: string; id: string },
): Promise<number[]> {
  const rows = await db.execute<{ number: number }>(sql`update ${vouchers} v
    set status = 'reserved', reference_type = ${reference.type}, reference_id = ${reference.id}::uuid, updated_at = now()
    where v.range_id = ${rangeId}::uuid and v.number in (
      select number from ${vouchers} where range_id = ${rangeId}::uuid and status = 'available'
      order by number limit ${count})
    returning v.number`);
  return rows.rows.map((r) => Number(r.number)).sort((a, b) => a - b);
}

/** Sets the status of the given numbers of a range (and their record: kept when used, cleared otherwise). */
export async function setStatus(
  db: Executor,
  rangeId: string,
  numbers: number[],
  status: 'available' | 'used' | 'voided',
) {
  if (!numbers.length) return;
  await db
    .update(vouchers)
    .set({
      status,
      ...(status === 'used' ? {} : { referenceType: null, referenceId: null }),
      updatedAt: sql`now()`,
    })
    .where(and(eq(vouchers.rangeId, rangeId), inArray(vouchers.number, numbers)));
}

/** The numbers a record holds reserved, by range. */
export async function reservedFor(db: Executor, reference: { type: string; id: string }) {
  return db
    .select({ rangeId: vouchers.rangeId, number: vouchers.number })
    .from(vouchers)
    .where(
      and(
        eq(vouchers.referenceType, reference.type),
        eq(vouchers.referenceId, reference.id),
        eq(vouchers.status, 'reserved'),
      ),
    )
    .orderBy(asc(vouchers.rangeId), asc(vouchers.number));
}

/** The numbers a record holds, reserved or used, with their series, by range and number. */
export async function heldFor(db: Executor, reference: { type: string; id: string }) {
  return db
    .select({ rangeId: vouchers.rangeId, series: vouchers.series, number: vouchers.number, status: vouchers.status })
    .from(vouchers)
    .where(and(eq(vouchers.referenceType, reference.type), eq(vouchers.referenceId, reference.id)))
    .orderBy(asc(vouchers.rangeId), asc(vouchers.number));
}

/** Adds `delta` to the range's counts in one statement (the database check keeps them adding up). */
export async function moveCounts(
  db: Executor,
  rangeId: string,
  delta: Partial<Record<'available' | 'reserved' | 'used' | 'voided', number>>,
) {
  const r = voucherRanges;
  await db
    .update(r)
    .set({
      available: sql`${r.available} + ${delta.available ?? 0}`,
      reserved: sql`${r.reserved} + ${delta.reserved ?? 0}`,
      used: sql`${r.used} + ${delta.used ?? 0}`,
      voided: sql`${r.voided} + ${delta.voided ?? 0}`,
      updatedAt: sql`now()`,
    })
    .where(eq(r.id, rangeId));
}

/** Appends one movement per number. */
export async function insertMovements(
  db: Executor,
  rows: {
    rangeId: string;
    number: number;
    kind: VoucherMovementKind;
    referenceType?: string | null;
    referenceId?: string | null;
    note?: string | null;
    actorId: string | null;
  }[],
) {
  if (rows.length) await db.insert(voucherMovements).values(rows);
}

/** A page of a range's movements, newest first, with the actor's name. */
export async function listMovements(
  db: Executor,
  rangeId: string,
  f: { number?: number; kind?: string; page: number; pageSize: number },
) {
  const m = voucherMovements;
  const where = and(
    eq(m.rangeId, rangeId),
    f.number === undefined ? undefined : eq(m.number, f.number),
    f.kind ? eq(m.kind, f.kind) : undefined,
  );
  const items = await db
    .select({ movement: m, actorName: users.fullName })
    .from(m)
    .leftJoin(users, eq(users.id, m.actorId))
    .where(where)
    .orderBy(desc(m.at), desc(m.number), desc(m.id))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(m)
    .where(where);
  return { items, total: count?.n ?? 0 };
}

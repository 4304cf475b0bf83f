import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ItemAge } from '@amparo/shared/validation';
import type { Executor } from '../../db/client.ts';
import {
  cooperating,
  cooperatingDisbursements,
  cooperatingGoals,
  cooperatingItems,
  cooperatingTransactions,
  users,
} from '../../db/schema.ts';
import { col } from '../../db/sql.ts';
import { createdWithin } from '../../lib/item-age.ts';
import { updateVersioned } from '../../lib/versioned.ts';

/*
 * Amounts are numeric(14,2) in the tables; aggregates are cast to numeric(20,2) so a long history of sums and
 * subtractions cannot overflow, and come back as decimal strings with two decimals ('0.00'), never floats.
 */
const T = cooperatingTransactions;
const C = cooperating;
const I = cooperatingItems;
const D = cooperatingDisbursements;

/** Sum of a cooperating's items' current amounts (Q): initial amounts plus sums minus subtractions, from the rows. */
const itemsTotalOf = (cooperatingId: SQL | string) => sql<string>`(
  (select coalesce(sum(${col(I.initialAmount)}), 0) from ${I} where ${col(I.cooperatingId)} = ${cooperatingId})
  + (select coalesce(sum(case when ${col(T.type)} = 'sum' then ${col(T.amount)} else -${col(T.amount)} end), 0)
     from ${T} where ${col(T.cooperatingId)} = ${cooperatingId})
)::numeric(20,2)`;

/** Sum of a cooperating's disbursements: `amount` in its currency or `amount_quetzales` in Q, from the rows. */
const receivedOf = (cooperatingId: SQL | string, column: typeof D.amount | typeof D.amountQuetzales) =>
  sql<string>`(select coalesce(sum(${col(column)}), 0) from ${D} where ${col(D.cooperatingId)} = ${cooperatingId})::numeric(20,2)`;

const cooperatingColumns = {
  id: C.id,
  code: C.code,
  name: C.name,
  country: C.country,
  contactName: C.contactName,
  contactEmail: C.contactEmail,
  contactPhone: C.contactPhone,
  startDate: C.startDate,
  endDate: C.endDate,
  currency: C.currency,
  ceiling: C.ceiling,
  agreedAmount: C.agreedAmount,
  receivedAmount: receivedOf(col(C.id), D.amount).as('received_amount'),
  receivedQuetzales: receivedOf(col(C.id), D.amountQuetzales).as('received_quetzales'),
  itemsTotal: itemsTotalOf(col(C.id)).as('items_total'),
  itemCount: sql<number>`(select count(*)::int from ${I} where ${col(I.cooperatingId)} = ${col(C.id)})`.as(
    'item_count',
  ),
  controlMode: C.controlMode,
  active: C.active,
  version: C.version,
};
export type CooperatingRow = Awaited<ReturnType<typeof findCooperating>> & {};

/**
 * A page of cooperating with their items' totals: `q` matches name or code without case, `active` and `age`
 * (spec section 9) filter; sorted by `sort`/`order`; `{ items, total }` with an exact total.
 */
export async function listCooperating(
  db: Executor,
  q: {
    q?: string;
    active: 'all' | 'active' | 'inactive';
    age?: ItemAge;
    sort: 'name' | 'code' | 'createdAt';
    order: 'asc' | 'desc';
    page: number;
    pageSize: number;
  },
) {
  const filters: (SQL | undefined)[] = [];
  if (q.q) {
    const term = `%${q.q.replace(/[\\%_]/g, '\\$&')}%`;
    filters.push(or(ilike(C.name, term), ilike(C.code, term)));
  }
  if (q.active !== 'all') filters.push(eq(C.active, q.active === 'active'));
  if (q.age) filters.push(createdWithin(C.createdAt, q.age));
  const where = and(...filters);
  const sortCol = { name: C.name, code: C.code, createdAt: C.createdAt }[q.sort];
  const items = await db
    .select(cooperatingColumns)
    .from(C)
    .where(where)
    .orderBy(q.order === 'asc' ? asc(sortCol) : desc(sortCol), asc(C.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(C)
    .where(where);
  return { items, total: count?.n ?? 0 };
}

/** One cooperating with its items' total and count, or null. */
export async function findCooperating(db: Executor, id: string) {
  const rows = await db.select(cooperatingColumns).from(C).where(eq(C.id, id)).limit(1);
  return rows[0] ?? null;
}

/**
 * Locks a cooperating's row (`SELECT … FOR UPDATE`) for the rest of the transaction and returns what its limits
 * need, or null. Every write that can move the items' total (an item's initial amount, a transaction, the ceiling)
 * or the disbursements' total (a disbursement, the agreed amount) takes this lock first, so two of them on one
 * cooperating run one after the other (issue 13 section 2).
 */
export async function lockCooperating(db: Executor, id: string) {
  const rows = await db
    .select({
      id: C.id,
      ceiling: C.ceiling,
      startDate: C.startDate,
      endDate: C.endDate,
      currency: C.currency,
      agreedAmount: C.agreedAmount,
      active: C.active,
      version: C.version,
    })
    .from(C)
    .where(eq(C.id, id))
    .for('update');
  return rows[0] ?? null;
}

/** The items' total of a cooperating (Q), computed from the rows. */
export async function itemsTotal(db: Executor, cooperatingId: string): Promise<string> {
  const result = await db.execute<{ total: string }>(sql`select ${itemsTotalOf(sql`${cooperatingId}::uuid`)} as total`);
  return result.rows[0]!.total;
}

/** First and last transaction date of a cooperating ('YYYY-MM-DD'), null when it has none. */
export async function transactionDateRange(db: Executor, cooperatingId: string) {
  const [row] = await db
    .select({ first: sql<string | null>`min(${T.date})::text`, last: sql<string | null>`max(${T.date})::text` })
    .from(T)
    .where(eq(T.cooperatingId, cooperatingId));
  return { first: row?.first ?? null, last: row?.last ?? null };
}

/** Inserts a cooperating; returns its id (23505 on a taken code). */
export async function insertCooperating(db: Executor, values: typeof C.$inferInsert) {
  const [row] = await db.insert(C).values(values).returning({ id: C.id });
  return row!.id;
}

// ---------------------------------------------------------------- items

/** Per item: its sums, subtractions and number of transactions (one grouped pass over the rows). */
function movesByItem(db: Executor, cooperatingId: string) {
  return db
    .select({
      itemId: T.itemId,
      sums: sql<string>`sum(${T.amount}) filter (where ${T.type} = 'sum')`.as('sums'),
      subtractions: sql<string>`sum(${T.amount}) filter (where ${T.type} = 'subtraction')`.as('subtractions'),
      count: sql<number>`count(*)::int`.as('transaction_count'),
    })
    .from(T)
    .where(eq(T.cooperatingId, cooperatingId))
    .groupBy(T.itemId)
    .as('moves');
}

function itemColumns(moves: ReturnType<typeof movesByItem>) {
  return {
    id: I.id,
    cooperatingId: I.cooperatingId,
    code: I.code,
    name: I.name,
    initialAmount: I.initialAmount,
    sums: sql<string>`coalesce(${moves.sums}, 0)::numeric(20,2)`,
    subtractions: sql<string>`coalesce(${moves.subtractions}, 0)::numeric(20,2)`,
    currentAmount: sql<string>`(${I.initialAmount} + coalesce(${moves.sums}, 0) - coalesce(${moves.subtractions}, 0))::numeric(20,2)`,
    transactionCount: sql<number>`coalesce(${moves.count}, 0)::int`,
    goalCount: sql<number>`(select count(*)::int from ${cooperatingGoals} where ${col(cooperatingGoals.itemId)} = ${col(I.id)})`,
    version: I.version,
  };
}

/** A cooperating's items with their amounts (Q: initial, sums, subtractions, current), by code. */
export async function listItems(db: Executor, cooperatingId: string) {
  const moves = movesByItem(db, cooperatingId);
  return db
    .select(itemColumns(moves))
    .from(I)
    .leftJoin(moves, eq(moves.itemId, I.id))
    .where(eq(I.cooperatingId, cooperatingId))
    .orderBy(asc(I.code));
}

/** One item of a cooperating with its amounts, or null (also when it belongs to another cooperating). */
export async function findItem(db: Executor, cooperatingId: string, itemId: string) {
  const moves = movesByItem(db, cooperatingId);
  const rows = await db
    .select(itemColumns(moves))
    .from(I)
    .leftJoin(moves, eq(moves.itemId, I.id))
    .where(and(eq(I.id, itemId), eq(I.cooperatingId, cooperatingId)))
    .limit(1);
  return rows[0] ?? null;
}

/** Inserts an item; returns its id (23505 on a code taken within the cooperating). */
export async function insertItem(db: Executor, values: typeof I.$inferInsert) {
  const [row] = await db.insert(I).values(values).returning({ id: I.id });
  return row!.id;
}

/** An item's goals, by start correlative. */
export function goalsOf(db: Executor, itemId: string) {
  return db
    .select({
      id: cooperatingGoals.id,
      start: cooperatingGoals.startCorrelative,
      end: cooperatingGoals.endCorrelative,
      description: cooperatingGoals.description,
    })
    .from(cooperatingGoals)
    .where(eq(cooperatingGoals.itemId, itemId))
    .orderBy(asc(cooperatingGoals.startCorrelative));
}

/** Replaces an item's goals with `goals`. */
export async function replaceGoals(
  db: Executor,
  itemId: string,
  goals: { start: number; end: number; description: string }[],
  userId: string,
) {
  await db.delete(cooperatingGoals).where(eq(cooperatingGoals.itemId, itemId));
  if (goals.length === 0) return;
  await db.insert(cooperatingGoals).values(
    goals.map((g) => ({
      itemId,
      startCorrelative: g.start,
      endCorrelative: g.end,
      description: g.description,
      createdBy: userId,
    })),
  );
}

// ---------------------------------------------------------------- transactions

const transactionColumns = {
  id: T.id,
  itemId: T.itemId,
  type: T.type,
  date: T.date,
  amount: T.amount,
  reason: T.reason,
  authorId: T.authorId,
  authorName: users.fullName,
  createdAt: T.createdAt,
};

/** An item's transactions with their authors' names, newest first. */
export function listTransactions(db: Executor, itemId: string) {
  return db
    .select(transactionColumns)
    .from(T)
    .innerJoin(users, eq(users.id, T.authorId))
    .where(eq(T.itemId, itemId))
    .orderBy(desc(T.createdAt), desc(T.id));
}

/** Appends a transaction; returns it with its author's name. */
export async function insertTransaction(db: Executor, values: typeof T.$inferInsert) {
  const [row] = await db.insert(T).values(values).returning({ id: T.id });
  const [created] = await db
    .select(transactionColumns)
    .from(T)
    .innerJoin(users, eq(users.id, T.authorId))
    .where(eq(T.id, row!.id));
  return created!;
}

/**
 * Locks the cooperating an item belongs to (`SELECT … FOR UPDATE` on the cooperating's row, the lock of
 * `lockCooperating`) in one statement; the cooperating's id, or null when there is no such item.
 */
export async function lockCooperatingOfItem(tx: Executor, itemId: string): Promise<string | null> {
  const rows = await tx
    .select({ id: C.id })
    .from(C)
    .where(sql`${C.id} = (select ${col(I.cooperatingId)} from ${I} where ${col(I.id)} = ${itemId})`)
    .for('update');
  return rows[0]?.id ?? null;
}

/**
 * What an item's limits need, in one statement: its code, name and current amount (Q: initial plus sums minus
 * subtractions, numeric(20,2) as a string) with its cooperating's code, name, agreement period, control mode and
 * active flag; null when there is no such item.
 */
export async function findItemTerms(db: Executor, itemId: string) {
  return (await findItemsTerms(db, [itemId]))[0] ?? null;
}

/** `findItemTerms` of several items in one statement (the order is not kept; `itemId` says whose). */
export async function findItemsTerms(db: Executor, itemIds: readonly string[]) {
  if (itemIds.length === 0) return [];
  return db
    .select({
      itemId: I.id,
      itemCode: I.code,
      itemName: I.name,
      currentAmount: sql<string>`(${I.initialAmount} + coalesce((
        select sum(case when ${col(T.type)} = 'sum' then ${col(T.amount)} else -${col(T.amount)} end)
          from ${T} where ${col(T.itemId)} = ${col(I.id)}), 0))::numeric(20,2)::text`,
      cooperatingId: C.id,
      cooperatingCode: C.code,
      cooperatingName: C.name,
      startDate: C.startDate,
      endDate: C.endDate,
      controlMode: C.controlMode,
      active: C.active,
    })
    .from(I)
    .innerJoin(C, eq(C.id, I.cooperatingId))
    .where(inArray(I.id, [...itemIds]));
}

/** The cooperating an item belongs to, or null when there is no such item. */
export async function cooperatingOfItem(db: Executor, itemId: string): Promise<string | null> {
  const rows = await db.select({ cooperatingId: I.cooperatingId }).from(I).where(eq(I.id, itemId)).limit(1);
  return rows[0]?.cooperatingId ?? null;
}

// ---------------------------------------------------------------- disbursements

const disbursementColumns = {
  id: D.id,
  cooperatingId: D.cooperatingId,
  currency: D.currency,
  date: D.date,
  amount: D.amount,
  exchangeRate: D.exchangeRate,
  amountQuetzales: D.amountQuetzales,
  rateSource: D.rateSource,
  reference: D.reference,
  authorId: D.authorId,
  authorName: users.fullName,
  createdAt: D.createdAt,
};

/** A cooperating's disbursements with their authors' names, newest date first (then newest recorded). */
export function listDisbursements(db: Executor, cooperatingId: string) {
  return db
    .select(disbursementColumns)
    .from(D)
    .innerJoin(users, eq(users.id, D.authorId))
    .where(eq(D.cooperatingId, cooperatingId))
    .orderBy(desc(D.date), desc(D.createdAt), desc(D.id));
}

/**
 * A cooperating's disbursements added up from the rows: how many, the total in its currency and in Q
 * (numeric(20,2) strings, '0.00' when none), and the first and last dates (null when none).
 */
export async function disbursementTotals(db: Executor, cooperatingId: string) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      amount: sql<string>`coalesce(sum(${D.amount}), 0)::numeric(20,2)`,
      amountQuetzales: sql<string>`coalesce(sum(${D.amountQuetzales}), 0)::numeric(20,2)`,
      first: sql<string | null>`min(${D.date})::text`,
      last: sql<string | null>`max(${D.date})::text`,
    })
    .from(D)
    .where(eq(D.cooperatingId, cooperatingId));
  return row!;
}

/** Appends a disbursement; returns it with its author's name. */
export async function insertDisbursement(db: Executor, values: typeof D.$inferInsert) {
  const [row] = await db.insert(D).values(values).returning({ id: D.id });
  const [created] = await db
    .select(disbursementColumns)
    .from(D)
    .innerJoin(users, eq(users.id, D.authorId))
    .where(eq(D.id, row!.id));
  return created!;
}

/**
 * Items of active cooperating (for the budget's item picker) with their current amounts (Q): `q` matches the
 * item's or the cooperating's code or name without case, `itemId` keeps one item; by cooperating code, then item
 * code; at most `limit`.
 */
export function searchActiveItems(db: Executor, search: { q?: string; itemId?: string }, limit: number) {
  const { q, itemId } = search;
  const filters: (SQL | undefined)[] = [eq(C.active, true)];
  if (itemId) filters.push(eq(I.id, itemId));
  if (q) {
    const term = `%${q.replace(/[\\%_]/g, '\\$&')}%`;
    filters.push(or(ilike(I.code, term), ilike(I.name, term), ilike(C.code, term), ilike(C.name, term)));
  }
  const moves = sql<string>`(select coalesce(sum(case when ${col(T.type)} = 'sum' then ${col(T.amount)} else -${col(T.amount)} end), 0)
     from ${T} where ${col(T.itemId)} = ${col(I.id)})`;
  return db
    .select({
      itemId: I.id,
      itemCode: I.code,
      itemName: I.name,
      cooperatingId: C.id,
      cooperatingCode: C.code,
      cooperatingName: C.name,
      currentAmount: sql<string>`(${col(I.initialAmount)} + ${moves})::numeric(20,2)`,
    })
    .from(I)
    .innerJoin(C, eq(C.id, I.cooperatingId))
    .where(and(...filters))
    .orderBy(asc(C.code), asc(I.code), asc(I.id))
    .limit(limit);
}

/** Every cooperating as an option (code, name, id, active), by code: the generic catalog call's `cooperating` list. */
export function cooperatingOptions(db: Executor) {
  return db
    .select({ code: C.code, cname: C.name, value: C.id, active: C.active })
    .from(C)
    .orderBy(asc(sql`upper(${C.code})`));
}

/** Updates an item of `cooperatingId` at `version` (409 `version_conflict`; 404 when the item is not that cooperating's). */
export async function updateItem(
  tx: Executor,
  cooperatingId: string,
  itemId: string,
  version: number,
  values: { code: string; name: string; initialAmount: string; updatedBy: string },
): Promise<void> {
  await updateVersioned(tx, I, itemId, version, values, eq(I.cooperatingId, cooperatingId));
}

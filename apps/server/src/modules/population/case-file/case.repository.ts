import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { attentions, personLinks, personPerpetrators, persons, users } from '../../../db/schema.ts';
import { col } from '../../../db/sql.ts';

// ---------------------------------------------------------------- links

/** Links recorded on this file and links other files made to it. */
export function linksOf(db: Executor, personId: string) {
  return db
    .select()
    .from(personLinks)
    .where(or(eq(personLinks.personId, personId), eq(personLinks.linkedPersonId, personId)))
    .orderBy(personLinks.createdAt);
}

/**
 * One of the person's own links by id (the row), or null.
 */
export async function findLink(db: Executor, personId: string, linkId: string) {
  const rows = await db
    .select()
    .from(personLinks)
    .where(and(eq(personLinks.id, linkId), eq(personLinks.personId, personId)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Inserts a link; returns its id (23505 when the person is already linked to that person).
 */
export async function insertLink(db: Executor, values: typeof personLinks.$inferInsert) {
  const [row] = await db.insert(personLinks).values(values).returning({ id: personLinks.id });
  return row!.id;
}

/**
 * Deletes a link by id.
 */
export async function deleteLink(db: Executor, id: string) {
  await db.delete(personLinks).where(eq(personLinks.id, id));
}

// ---------------------------------------------------------------- perpetrators

/**
 * The person's alleged perpetrators, oldest first.
 */
export function perpetratorsOf(db: Executor, personId: string) {
  return db
    .select()
    .from(personPerpetrators)
    .where(eq(personPerpetrators.personId, personId))
    .orderBy(personPerpetrators.createdAt);
}

/**
 * One of the person's alleged perpetrators by id, or null.
 */
export async function findPerpetrator(db: Executor, personId: string, id: string) {
  const rows = await db
    .select()
    .from(personPerpetrators)
    .where(and(eq(personPerpetrators.id, id), eq(personPerpetrators.personId, personId)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Inserts an alleged perpetrator; returns its id.
 */
export async function insertPerpetrator(db: Executor, values: typeof personPerpetrators.$inferInsert) {
  const [row] = await db.insert(personPerpetrators).values(values).returning({ id: personPerpetrators.id });
  return row!.id;
}

/**
 * Deletes an alleged perpetrator by id.
 */
export async function deletePerpetrator(db: Executor, id: string) {
  await db.delete(personPerpetrators).where(eq(personPerpetrators.id, id));
}

// ---------------------------------------------------------------- attentions

const attentionColumns = {
  attention: attentions,
  professionalName: sql<string>`(select ${col(users.fullName)} from ${users} where ${col(users.id)} = ${col(attentions.professionalId)})`,
};

/**
 * A page of the person's attentions, newest first (`attended_at`, then id), with the professional's name, and the
 * exact total: `{ items, total }`.
 */
export async function attentionsOf(db: Executor, personId: string, page: number, pageSize: number) {
  const where = eq(attentions.personId, personId);
  const items = await db
    .select(attentionColumns)
    .from(attentions)
    .where(where)
    .orderBy(desc(attentions.attendedAt), desc(attentions.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(attentions)
    .where(where);
  return { items, total: count?.n ?? 0 };
}

/** A professional's own attentions, with the person (deleted persons left out). */
export async function attentionsBy(db: Executor, professionalId: string, page: number, pageSize: number) {
  const where = and(eq(attentions.professionalId, professionalId), isNull(persons.deletedAt));
  const items = await db
    .select(attentionColumns)
    .from(attentions)
    .innerJoin(persons, eq(persons.id, attentions.personId))
    .where(where)
    .orderBy(desc(attentions.attendedAt), desc(attentions.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(attentions)
    .innerJoin(persons, eq(persons.id, attentions.personId))
    .where(where);
  return { items, total: count?.n ?? 0 };
}

/**
 * One of the person's attentions by id, or null.
 */
export async function findAttention(db: Executor, personId: string, id: string) {
  const rows = await db
    .select(attentionColumns)
    .from(attentions)
    .where(and(eq(attentions.id, id), eq(attentions.personId, personId)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Inserts an attention; returns its id.
 */
export async function insertAttention(db: Executor, values: typeof attentions.$inferInsert) {
  const [row] = await db.insert(attentions).values(values).returning({ id: attentions.id });
  return row!.id;
}

/**
 * Deletes an attention by id.
 */
export async function deleteAttention(db: Executor, id: string) {
  await db.delete(attentions).where(eq(attentions.id, id));
}

/** How many case-file records hang on a person (links either way, perpetrators, attentions). */
export async function recordCounts(db: Executor, personId: string) {
  const result = await db.execute<{ links: number; perpetrators: number; attentions: number }>(sql`select
    (select count(*)::int from ${personLinks} where ${personLinks.personId} = ${personId} or ${personLinks.linkedPersonId} = ${personId}) as links,
    (select count(*)::int from ${personPerpetrators} where ${personPerpetrators.personId} = ${personId}) as perpetrators,
    (select count(*)::int from ${attentions} where ${attentions.personId} = ${personId}) as attentions`);
  const row = result.rows[0]!;
  return { links: Number(row.links), perpetrators: Number(row.perpetrators), attentions: Number(row.attentions) };
}

/** Attentions that execute a planning line, per month in America/Guatemala (goals achieved; counted, never named). */
export async function attentionsByPlanningLine(db: Executor, lineId: string) {
  const result = await db.execute<{ month: number; quantity: number }>(sql`
    select extract(month from attended_at at time zone 'America/Guatemala')::int as month, count(*)::int as quantity
      from attentions where planning_line_id = ${lineId} group by 1`);
  return result.rows.map((r) => ({ month: Number(r.month), quantity: Number(r.quantity) }));
}

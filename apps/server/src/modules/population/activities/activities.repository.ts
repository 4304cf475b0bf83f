import { col } from '../../../db/sql.ts';
import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import type { ItemAge } from '@amparo/shared/validation';
import { createdWithin } from '../../../lib/item-age.ts';
import { matches, wordsText } from '../../../lib/search.ts';
import {
  activities,
  activityFacilitators,
  activityParticipants,
  activityPhotoPersons,
  activityPhotos,
  activityUnregistered,
  headquarters,
  persons,
  users,
} from '../../../db/schema.ts';
import { activitySearchVector } from './activities.table.ts';

const participantCount = sql<number>`((select count(*)::int from ${activityParticipants} where ${col(activityParticipants.activityId)} = ${col(activities.id)})
  + (select coalesce(sum(${col(activityUnregistered.count)}), 0)::int from ${activityUnregistered} where ${col(activityUnregistered.activityId)} = ${col(activities.id)}))`;
const photoCount = sql<number>`(select count(*)::int from ${activityPhotos} where ${col(activityPhotos.activityId)} = ${col(activities.id)})`;
const headquarterName = sql<
  string | null
>`(select ${col(headquarters.name)} from ${headquarters} where ${col(headquarters.id)} = ${col(activities.headquarterId)})`;
const summaryColumns = { activity: activities, participantCount, photoCount, headquarterName };

export interface ActivityFilters {
  term?: string;
  activityType?: string;
  from?: Date;
  to?: Date;
  /** Age of the record on `created_at` (spec section 9, `lib/item-age.ts`). */
  age?: ItemAge;
}

function where(f: ActivityFilters): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  // Words of the name or description (lib/search.ts, issue 24 section 2).
  if (f.term) parts.push(matches(activitySearchVector(activities), wordsText(f.term)));
  if (f.activityType) parts.push(eq(activities.activityType, f.activityType));
  if (f.from) parts.push(gte(activities.startsAt, f.from));
  if (f.to) parts.push(lt(activities.startsAt, f.to));
  if (f.age) parts.push(createdWithin(activities.createdAt, f.age));
  return and(...parts);
}

/**
 * A page of activity summaries (the row, headquarter's name, counts of participants and photos) matching a name
 * term, a type, a date range (instants, `to` exclusive) and the record's age, by start date `order`, and the
 * exact total.
 */
export async function listActivities(
  db: Executor,
  f: ActivityFilters,
  order: 'asc' | 'desc',
  page: number,
  pageSize: number,
) {
  const w = where(f);
  const items = await db
    .select(summaryColumns)
    .from(activities)
    .where(w)
    .orderBy(order === 'asc' ? asc(activities.startsAt) : desc(activities.startsAt), asc(activities.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(activities)
    .where(w);
  return { items, total: count?.n ?? 0 };
}

/**
 * One activity summary (row, headquarter's name, counts) by id, or null.
 */
export async function findActivity(db: Executor, id: string) {
  const rows = await db.select(summaryColumns).from(activities).where(eq(activities.id, id)).limit(1);
  return rows[0] ?? null;
}
export type ActivityRow = NonNullable<Awaited<ReturnType<typeof findActivity>>>;

/** Locks the activity row until the transaction ends, so writes on one activity (and its photos' tags) run one at a time. */
export async function lockActivity(db: Executor, id: string) {
  const rows = await db.select({ id: activities.id }).from(activities).where(eq(activities.id, id)).for('update');
  return rows.length === 1;
}

/**
 * The activity's facilitators as `{ id, fullName }`, by name.
 */
export function facilitatorsOf(db: Executor, activityId: string) {
  return db
    .select({ id: users.id, fullName: users.fullName })
    .from(activityFacilitators)
    .innerJoin(users, eq(users.id, activityFacilitators.userId))
    .where(eq(activityFacilitators.activityId, activityId))
    .orderBy(asc(users.fullName));
}

/**
 * The activity's unregistered participants as counts by sex and age group.
 */
export function unregisteredOf(db: Executor, activityId: string) {
  return db
    .select({
      sex: activityUnregistered.sex,
      ageGroup: activityUnregistered.ageGroup,
      count: activityUnregistered.count,
    })
    .from(activityUnregistered)
    .where(eq(activityUnregistered.activityId, activityId))
    .orderBy(asc(activityUnregistered.sex), asc(activityUnregistered.ageGroup));
}

/**
 * The activity's registered participants who are not deleted: id, names, last names, sex, birth date; by last name.
 */
export function participantsOf(db: Executor, activityId: string) {
  return db
    .select({
      personId: persons.id,
      names: persons.names,
      lastNames: persons.lastNames,
      sex: persons.sex,
      birthDate: persons.birthDate,
    })
    .from(activityParticipants)
    .innerJoin(persons, eq(persons.id, activityParticipants.personId))
    .where(and(eq(activityParticipants.activityId, activityId), sql`${persons.deletedAt} is null`))
    .orderBy(asc(persons.lastNames), asc(persons.names));
}

/**
 * Every registered participant's id, soft-deleted persons included: deleting a
 * person who lacks image consent must not show the unreviewed photos they may be
 * in (photo visibility only; names come from participantsOf).
 */
export async function participantIdsOf(db: Executor, activityId: string) {
  const rows = await db
    .select({ personId: activityParticipants.personId })
    .from(activityParticipants)
    .where(eq(activityParticipants.activityId, activityId));
  return rows.map((r) => r.personId);
}

/**
 * The activity's photos (keys, MIME, uploader, review state), oldest first.
 */
export function photosOf(db: Executor, activityId: string) {
  return db
    .select()
    .from(activityPhotos)
    .where(eq(activityPhotos.activityId, activityId))
    .orderBy(asc(activityPhotos.uploadedAt));
}

/**
 * One activity photo by id, or null.
 */
export async function findPhoto(db: Executor, photoId: string) {
  const rows = await db.select().from(activityPhotos).where(eq(activityPhotos.id, photoId)).limit(1);
  return rows[0] ?? null;
}

/** Who appears in these photos (registered participants). */
export async function photoPersonsOf(db: Executor, photoIds: string[]) {
  if (photoIds.length === 0) return [];
  return db
    .select({ photoId: activityPhotoPersons.photoId, personId: activityPhotoPersons.personId })
    .from(activityPhotoPersons)
    .where(inArray(activityPhotoPersons.photoId, photoIds));
}

/** Replaces who appears in a photo and marks it reviewed (call inside a transaction: others see only the before or the after). */
export async function setPhotoPersons(
  db: Executor,
  photo: { id: string; activityId: string },
  personIds: string[],
  reviewedBy: string,
) {
  await db.delete(activityPhotoPersons).where(eq(activityPhotoPersons.photoId, photo.id));
  if (personIds.length)
    await db
      .insert(activityPhotoPersons)
      .values(personIds.map((personId) => ({ photoId: photo.id, activityId: photo.activityId, personId })));
  await db
    .update(activityPhotos)
    .set({ personsReviewedAt: new Date(), personsReviewedBy: reviewedBy })
    .where(eq(activityPhotos.id, photo.id));
}

/**
 * Inserts an activity; returns its id.
 */
export async function insertActivity(db: Executor, values: typeof activities.$inferInsert) {
  const [row] = await db.insert(activities).values(values).returning({ id: activities.id });
  return row!.id;
}

/** Replaces the facilitators and unregistered counts of an activity. */
export async function setChildren(
  db: Executor,
  activityId: string,
  facilitatorIds: string[],
  unregistered: { sex: string; ageGroup: string; count: number }[],
) {
  await db.delete(activityFacilitators).where(eq(activityFacilitators.activityId, activityId));
  if (facilitatorIds.length)
    await db.insert(activityFacilitators).values(facilitatorIds.map((userId) => ({ activityId, userId })));
  await db.delete(activityUnregistered).where(eq(activityUnregistered.activityId, activityId));
  if (unregistered.length)
    await db.insert(activityUnregistered).values(unregistered.map((u) => ({ activityId, ...u })));
}

/**
 * Deletes an activity (its facilitators, participants and photo rows go with it by cascade).
 */
export async function deleteActivity(db: Executor, id: string) {
  await db.delete(activities).where(eq(activities.id, id));
}

/**
 * Adds a registered person to the activity; false when they were already in it.
 */
export async function addParticipant(db: Executor, activityId: string, personId: string, addedBy: string) {
  const rows = await db
    .insert(activityParticipants)
    .values({ activityId, personId, addedBy })
    .onConflictDoNothing()
    .returning({ personId: activityParticipants.personId });
  return rows.length === 1;
}

/**
 * Removes a person from the activity; false when they were not in it.
 */
export async function removeParticipant(db: Executor, activityId: string, personId: string) {
  const rows = await db
    .delete(activityParticipants)
    .where(and(eq(activityParticipants.activityId, activityId), eq(activityParticipants.personId, personId)))
    .returning({ personId: activityParticipants.personId });
  return rows.length === 1;
}

/**
 * Inserts an activity photo row; returns its id.
 */
export async function insertPhoto(db: Executor, values: typeof activityPhotos.$inferInsert) {
  const [row] = await db.insert(activityPhotos).values(values).returning({ id: activityPhotos.id });
  return row!.id;
}

/**
 * Deletes activity photo rows by id (their bytes are collected once no row refers to them).
 */
export async function deletePhotos(db: Executor, ids: string[]) {
  if (ids.length) await db.delete(activityPhotos).where(inArray(activityPhotos.id, ids));
}

/** The activities a person attended, newest first. */
export function activitiesOfPerson(db: Executor, personId: string) {
  return db
    .select(summaryColumns)
    .from(activities)
    .innerJoin(
      activityParticipants,
      and(eq(activityParticipants.activityId, activities.id), eq(activityParticipants.personId, personId)),
    )
    .orderBy(desc(activities.startsAt));
}

/** Names of these activities, by id (a person's history). */
export async function activityNames(db: Executor, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: activities.id, name: activities.name })
    .from(activities)
    .where(inArray(activities.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Activities that execute a planning line, per month of their start in America/Guatemala (goals achieved). */
export async function countByPlanningLine(db: Executor, lineId: string) {
  const result = await db.execute<{ month: number; quantity: number }>(sql`
    select extract(month from starts_at at time zone 'America/Guatemala')::int as month, count(*)::int as quantity
      from activities where planning_line_id = ${lineId} group by 1`);
  return result.rows.map((r) => ({ month: Number(r.month), quantity: Number(r.quantity) }));
}

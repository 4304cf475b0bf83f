import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { documents, personConsents, personLinks, personPeriods, persons } from '../../../db/schema.ts';

/** The person a document belongs to: their id, null for a general document, undefined when there is no such document. */
export async function documentOwner(db: Executor, documentId: string): Promise<string | null | undefined> {
  const rows = await db
    .select({ personId: documents.personId })
    .from(documents)
    .where(eq(documents.id, documentId))
    .limit(1);
  return rows.length ? rows[0]!.personId : undefined;
}

/**
 * The person's closed stays (admission, departure, reasons), oldest admission first.
 */
export function periodsOf(db: Executor, personId: string) {
  return db
    .select()
    .from(personPeriods)
    .where(eq(personPeriods.personId, personId))
    .orderBy(asc(personPeriods.admissionDate));
}

/**
 * Records a closed stay (when a departed person is readmitted).
 */
export async function insertPeriod(db: Executor, values: typeof personPeriods.$inferInsert) {
  await db.insert(personPeriods).values(values);
}

/**
 * The person's consents with the signed document's title and the guardian link's person and names, by kind.
 */
export function consentsOf(db: Executor, personId: string) {
  return db
    .select({
      consent: personConsents,
      documentTitle: documents.title,
      guardianPersonId: personLinks.linkedPersonId,
      guardianNames: personLinks.names,
      guardianLastNames: personLinks.lastNames,
    })
    .from(personConsents)
    .leftJoin(documents, eq(documents.id, personConsents.documentId))
    .leftJoin(personLinks, eq(personLinks.id, personConsents.guardianLinkId))
    .where(eq(personConsents.personId, personId))
    .orderBy(asc(personConsents.kind));
}

/**
 * The person's consent of one kind, or null.
 */
export async function findConsent(db: Executor, personId: string, kind: string) {
  const rows = await db
    .select()
    .from(personConsents)
    .where(and(eq(personConsents.personId, personId), sql`${personConsents.kind} = ${kind}`))
    .limit(1);
  return rows[0] ?? null;
}

/** Of these persons, those with a granted image-use consent (issue 4: faces in activity photos). */
export async function withImageConsent(db: Executor, personIds: string[]): Promise<Set<string>> {
  if (personIds.length === 0) return new Set();
  const rows = await db
    .select({ personId: personConsents.personId })
    .from(personConsents)
    .where(
      and(
        inArray(personConsents.personId, personIds),
        eq(personConsents.kind, 'image_use'),
        eq(personConsents.granted, true),
      ),
    );
  return new Set(rows.map((r) => r.personId));
}

/**
 * Records or replaces the person's consent of one kind (one row per person and kind).
 */
export async function upsertConsent(db: Executor, values: typeof personConsents.$inferInsert) {
  await db
    .insert(personConsents)
    .values(values)
    .onConflictDoUpdate({
      target: [personConsents.personId, personConsents.kind],
      set: {
        granted: values.granted,
        givenOn: values.givenOn,
        givenBy: values.givenBy,
        guardianLinkId: values.guardianLinkId ?? null,
        documentId: values.documentId ?? null,
        notes: values.notes ?? null,
        updatedBy: values.updatedBy,
        updatedAt: sql`now()`,
        version: sql`${personConsents.version} + 1`,
      },
    });
}

/**
 * One of the person's own links by id (a guardian must be one), or null.
 */
export async function findLinkOf(db: Executor, personId: string, linkId: string) {
  const rows = await db
    .select({ id: personLinks.id })
    .from(personLinks)
    .where(and(eq(personLinks.id, linkId), eq(personLinks.personId, personId)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * The person's photo keys (full size and thumbnail in the file store) and MIME type, or null.
 */
export async function photoOf(db: Executor, personId: string) {
  const rows = await db
    .select({ key: persons.photoKey, thumb: persons.photoThumbKey, mime: persons.photoMime })
    .from(persons)
    .where(eq(persons.id, personId))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Sets (or clears, with nulls) the person's photo keys and MIME type, and who changed them.
 */
export async function setPhoto(
  db: Executor,
  personId: string,
  photo: { key: string | null; thumb: string | null; mime: string | null },
  userId: string,
) {
  await db
    .update(persons)
    .set({
      photoKey: photo.key,
      photoThumbKey: photo.thumb,
      photoMime: photo.mime,
      updatedBy: userId,
      updatedAt: sql`now()`,
    })
    .where(eq(persons.id, personId));
}

import type { PlanLinks } from '../../../lib/plan-links.ts';
import type { UserActor } from '../../../lib/actor.ts';
import type { z } from 'zod';
import type {
  Attention,
  Link,
  Perpetrator,
  attentionInput,
  attentionUpdate,
  linkInput,
  linkUpdate,
  perpetratorInput,
  perpetratorUpdate,
} from '@amparo/shared/modules/population-case.schema';
import type { FieldError } from '@amparo/shared/errors';
import { fromGuatemalaLocal, toGuatemalaLocal } from '@amparo/shared/format';
import type { Db, Executor } from '../../../db/client.ts';
import { AppError, invalidFields, isUniqueViolation, noPersonAccess, notFound } from '../../../lib/errors.ts';
import { diff, writeAudit } from '../../../lib/audit.ts';
import { updateVersioned } from '../../../lib/versioned.ts';
import { attentions, personLinks, personPerpetrators } from '../../../db/schema.ts';
import { codesByCatalog } from '../../catalogs/catalogs.service.ts';
import { getUser } from '../../users/users.service.ts';
import { accessOf, readablePersons, requireAccess } from '../../../lib/access.ts';
import { auditListed, auditRead } from '../../../lib/read-audit.ts';
import * as repo from './case.repository.ts';

/**
 * The person's case file (issue 4): linked people, alleged perpetrators and
 * attentions. Reading needs the person's read grant, writing its write grant;
 * every change is audited on the person (entity `person`) with before/after.
 */

const ENTITY = 'person';

/** Every code in `fields` must be an active item of its catalog (or the value the record already had). */
async function checkCodes(
  db: Executor,
  fields: {
    field: string;
    catalog: string;
    value: string | string[] | null | undefined;
    previous?: string | string[] | null;
  }[],
) {
  const catalogs = await codesByCatalog(db, [...new Set(fields.map((f) => f.catalog))]);
  const errors: FieldError[] = [];
  for (const { field, catalog, value, previous } of fields) {
    const codes = catalogs.get(catalog) ?? new Map<string, boolean>();
    const values = Array.isArray(value) ? value : value ? [value] : [];
    values.forEach((code, i) => {
      const kept = Array.isArray(previous) ? previous.includes(code) : previous === code;
      const active = codes.get(code);
      if (active === undefined || (!active && !kept))
        errors.push({ field: Array.isArray(value) ? `${field}.${i}` : field, code: 'unknown_code' });
    });
  }
  if (errors.length) throw invalidFields(errors);
}

// ---------------------------------------------------------------- linked people

type LinkRow = Awaited<ReturnType<typeof repo.linksOf>>[number];
const linkSnapshot = (l: LinkRow) => ({
  linkedPersonId: l.linkedPersonId,
  names: l.names,
  lastNames: l.lastNames,
  sex: l.sex,
  age: l.age,
  phones: l.phones,
  bond: l.bond,
  livesWith: l.livesWith,
  legalGuardian: l.legalGuardian,
  notes: l.notes,
});

/**
 * Links of a person: those recorded on this file (`outgoing`) and those other
 * registered persons' files record to it (`incoming`). The other person's name
 * shows only when the user may read that person too. A read (`audited`,
 * not the answer to a change) is audited on the person (issue 9 item 5).
 */
export async function listLinks(db: Db, actor: UserActor, personId: string, audited = true): Promise<Link[]> {
  await requireAccess(db, personId, actor.userId, 'canRead');
  const rows = await repo.linksOf(db, personId);
  if (audited) await auditRead(db, actor, personId, 'links');
  const otherOf = (l: LinkRow) => (l.personId === personId ? l.linkedPersonId : l.personId);
  const others = [...new Set(rows.map(otherOf).filter((id): id is string => !!id))];
  const readable = await readablePersons(db, others, actor.userId);
  return rows.map((l) => {
    const otherId = otherOf(l);
    const other = otherId ? readable.get(otherId) : undefined;
    const restricted = !!otherId && !other;
    return {
      id: l.id,
      direction: l.personId === personId ? 'outgoing' : 'incoming',
      otherPersonId: otherId,
      otherPersonRestricted: restricted,
      names: otherId ? (other?.names ?? null) : l.names,
      lastNames: otherId ? (other?.lastNames ?? null) : l.lastNames,
      sex: restricted ? null : l.sex,
      age: restricted ? null : l.age,
      phones: restricted ? [] : l.phones,
      bond: l.bond,
      livesWith: l.livesWith,
      legalGuardian: l.legalGuardian,
      notes: restricted ? null : l.notes,
      version: l.version,
      createdAt: l.createdAt.toISOString(),
    };
  });
}

async function linkValues(
  db: Executor,
  actor: UserActor,
  personId: string,
  body: z.output<typeof linkInput>,
  before: LinkRow | null,
) {
  // An unchanged link keeps working when the writer can no longer read the other person (its bond and notes stay editable).
  if (body.linkedPersonId && body.linkedPersonId !== before?.linkedPersonId) {
    if (body.linkedPersonId === personId) throw invalidFields([{ field: 'linkedPersonId', code: 'invalid' }]);
    // A person the user may not see cannot be attached (issue 4, 'Bad input and integrity').
    const access = await accessOf(db, body.linkedPersonId, actor.userId).catch(() => null);
    if (!access?.canRead) throw noPersonAccess();
  }
  await checkCodes(db, [
    { field: 'bond', catalog: 'bond', value: body.bond, previous: before?.bond },
    { field: 'sex', catalog: 'sex', value: body.sex, previous: before?.sex },
  ]);
  const outside = !body.linkedPersonId;
  return {
    linkedPersonId: body.linkedPersonId,
    // Details of a registered person live on their own file; only outsiders' are kept here.
    names: outside ? body.names : null,
    lastNames: outside ? body.lastNames : null,
    sex: outside ? body.sex : null,
    age: outside ? body.age : null,
    phones: outside ? body.phones : [],
    bond: body.bond,
    livesWith: body.livesWith,
    legalGuardian: body.legalGuardian,
    notes: body.notes,
  };
}

const duplicateLink = (err: unknown) => {
  if (isUniqueViolation(err)) throw new AppError(409, 'duplicate', [{ field: 'linkedPersonId', code: 'duplicate' }]);
  throw err;
};

/**
 * Links a person to a registered person (read grant on them needed) or to an outside person (spec section 3,
 * Vínculos). Needs write on the person; 409 `duplicate` for a second link to the same person. Audited as
 * `link_create` on the person. Returns the person's links.
 */
export async function createLink(
  db: Db,
  actor: UserActor,
  personId: string,
  body: z.output<typeof linkInput>,
): Promise<Link[]> {
  try {
    await db.transaction(async (tx) => {
      await requireAccess(tx, personId, actor.userId, 'canWrite');
      const values = await linkValues(tx, actor, personId, body, null);
      const id = await repo.insertLink(tx, { ...values, personId, createdBy: actor.userId, updatedBy: actor.userId });
      await writeAudit(tx, actor, {
        action: 'link_create',
        entity: ENTITY,
        entityId: personId,
        changes: prefixed(`link:${id}`, diff(null, values)),
      });
    });
  } catch (err) {
    duplicateLink(err);
  }
  return listLinks(db, actor, personId, false);
}

/**
 * Edits a link (409 `stale` on an old `version`, 409 `duplicate` as on create); audited as `link_update` with the
 * changed fields before/after. Returns the person's links.
 */
export async function updateLink(
  db: Db,
  actor: UserActor,
  personId: string,
  linkId: string,
  body: z.output<typeof linkUpdate>,
): Promise<Link[]> {
  try {
    await db.transaction(async (tx) => {
      await requireAccess(tx, personId, actor.userId, 'canWrite');
      const before = await repo.findLink(tx, personId, linkId);
      if (!before) throw notFound();
      const values = await linkValues(tx, actor, personId, body, before);
      await updateVersioned(tx, personLinks, linkId, body.version, { ...values, updatedBy: actor.userId });
      await writeAudit(tx, actor, {
        action: 'link_update',
        entity: ENTITY,
        entityId: personId,
        changes: prefixed(`link:${linkId}`, diff(linkSnapshot(before), values)),
      });
    });
  } catch (err) {
    duplicateLink(err);
  }
  return listLinks(db, actor, personId, false);
}

/**
 * Deletes a link (write on the person; 404 for a link of another person); audited as `link_delete`.
 */
export async function deleteLink(db: Db, actor: UserActor, personId: string, linkId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await requireAccess(tx, personId, actor.userId, 'canWrite');
    const before = await repo.findLink(tx, personId, linkId);
    if (!before) throw notFound();
    await repo.deleteLink(tx, linkId);
    await writeAudit(tx, actor, {
      action: 'link_delete',
      entity: ENTITY,
      entityId: personId,
      changes: prefixed(`link:${linkId}`, diff(linkSnapshot(before), null)),
    });
  });
}

/** Audit keys name the sub-record: `link:<id>.bond`. */
function prefixed(prefix: string, changes: Record<string, { before: unknown; after: unknown }>) {
  return Object.fromEntries(Object.entries(changes).map(([k, v]) => [`${prefix}.${k}`, v]));
}

// ---------------------------------------------------------------- perpetrators

type PerpetratorRow = Awaited<ReturnType<typeof repo.perpetratorsOf>>[number];
function toPerpetrator(p: PerpetratorRow): Perpetrator {
  return {
    id: p.id,
    names: p.names,
    alias: p.alias,
    sex: p.sex,
    approximateAge: p.approximateAge,
    bond: p.bond,
    thematic: p.thematic,
    reported: p.reported,
    reportedTo: p.reportedTo,
    caseNumber: p.caseNumber,
    notes: p.notes,
    version: p.version,
    createdAt: p.createdAt.toISOString(),
  };
}
const perpetratorSnapshot = (p: Perpetrator) => {
  const { id: _i, version: _v, createdAt: _c, ...rest } = p;
  return rest;
};

/** The person's alleged perpetrators (read grant); every view is audited (issue 4). */
export async function listPerpetrators(db: Db, actor: UserActor, personId: string): Promise<Perpetrator[]> {
  await requireAccess(db, personId, actor.userId, 'canRead');
  const rows = await repo.perpetratorsOf(db, personId);
  await writeAudit(db, actor, { action: 'view_perpetrators', entity: ENTITY, entityId: personId });
  return rows.map(toPerpetrator);
}

async function perpetratorValues(db: Executor, body: z.output<typeof perpetratorInput>, before: Perpetrator | null) {
  await checkCodes(db, [
    { field: 'sex', catalog: 'sex', value: body.sex, previous: before?.sex },
    { field: 'bond', catalog: 'bond', value: body.bond, previous: before?.bond },
    { field: 'thematic', catalog: 'thematic', value: body.thematic, previous: before?.thematic },
    { field: 'reportedTo', catalog: 'report_institution', value: body.reportedTo, previous: before?.reportedTo },
  ]);
  return {
    names: body.names,
    alias: body.alias,
    sex: body.sex,
    approximateAge: body.approximateAge,
    bond: body.bond,
    thematic: [...new Set(body.thematic)],
    reported: body.reported,
    reportedTo: body.reported ? [...new Set(body.reportedTo)] : [],
    caseNumber: body.reported ? body.caseNumber : null,
    notes: body.notes,
  };
}

/**
 * Records an alleged perpetrator on the person (spec section 3; write grant; catalog codes checked, 400 otherwise);
 * audited as `perpetrator_create`. Returns the person's perpetrators.
 */
export async function createPerpetrator(
  db: Db,
  actor: UserActor,
  personId: string,
  body: z.output<typeof perpetratorInput>,
): Promise<Perpetrator> {
  return db.transaction(async (tx) => {
    await requireAccess(tx, personId, actor.userId, 'canWrite');
    const values = await perpetratorValues(tx, body, null);
    const id = await repo.insertPerpetrator(tx, {
      ...values,
      personId,
      createdBy: actor.userId,
      updatedBy: actor.userId,
    });
    await writeAudit(tx, actor, {
      action: 'perpetrator_create',
      entity: ENTITY,
      entityId: personId,
      changes: prefixed(`perpetrator:${id}`, diff(null, values)),
    });
    return toPerpetrator((await repo.findPerpetrator(tx, personId, id))!);
  });
}

/**
 * Edits an alleged perpetrator (409 `stale` on an old `version`); audited with before/after. Returns the list.
 */
export async function updatePerpetrator(
  db: Db,
  actor: UserActor,
  personId: string,
  id: string,
  body: z.output<typeof perpetratorUpdate>,
): Promise<Perpetrator> {
  return db.transaction(async (tx) => {
    await requireAccess(tx, personId, actor.userId, 'canWrite');
    const row = await repo.findPerpetrator(tx, personId, id);
    if (!row) throw notFound();
    const before = toPerpetrator(row);
    const values = await perpetratorValues(tx, body, before);
    await updateVersioned(tx, personPerpetrators, id, body.version, { ...values, updatedBy: actor.userId });
    const after = toPerpetrator((await repo.findPerpetrator(tx, personId, id))!);
    await writeAudit(tx, actor, {
      action: 'perpetrator_update',
      entity: ENTITY,
      entityId: personId,
      changes: prefixed(`perpetrator:${id}`, diff(perpetratorSnapshot(before), perpetratorSnapshot(after))),
    });
    return after;
  });
}

/**
 * Deletes an alleged perpetrator (write on the person; 404 for one of another person); audited.
 */
export async function deletePerpetrator(db: Db, actor: UserActor, personId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await requireAccess(tx, personId, actor.userId, 'canWrite');
    const row = await repo.findPerpetrator(tx, personId, id);
    if (!row) throw notFound();
    await repo.deletePerpetrator(tx, id);
    await writeAudit(tx, actor, {
      action: 'perpetrator_delete',
      entity: ENTITY,
      entityId: personId,
      changes: prefixed(`perpetrator:${id}`, diff(perpetratorSnapshot(toPerpetrator(row)), null)),
    });
  });
}

// ---------------------------------------------------------------- attentions

type AttentionRow = NonNullable<Awaited<ReturnType<typeof repo.findAttention>>>;
function toAttention({ attention: a, professionalName }: AttentionRow): Attention {
  return {
    id: a.id,
    personId: a.personId,
    attendedAt: toGuatemalaLocal(a.attendedAt),
    professionalId: a.professionalId,
    professionalName,
    area: a.area,
    modality: a.modality,
    durationMinutes: a.durationMinutes,
    summary: a.summary,
    agreements: a.agreements,
    nextFollowUp: a.nextFollowUp,
    planningLineId: a.planningLineId,
    version: a.version,
    createdAt: a.createdAt.toISOString(),
  };
}
const attentionSnapshot = (a: Attention) => {
  const { id: _i, personId: _p, professionalName: _n, version: _v, createdAt: _c, ...rest } = a;
  return rest;
};

/** A page of the person's attentions (read grant); the read is audited on the person (issue 9 item 5). */
export async function listAttentions(db: Db, actor: UserActor, personId: string, page: number, pageSize: number) {
  await requireAccess(db, personId, actor.userId, 'canRead');
  const { items, total } = await repo.attentionsOf(db, personId, page, pageSize);
  await auditRead(db, actor, personId, 'attentions');
  return { items: items.map(toAttention), page, pageSize, total, totalCapped: false };
}

/**
 * The caller's own attentions as professional; a person's name shows only
 * while the caller may read that person, and each person named is audited.
 */
export async function myAttentions(db: Db, actor: UserActor, page: number, pageSize: number) {
  const { items, total } = await repo.attentionsBy(db, actor.userId, page, pageSize);
  const readable = await readablePersons(
    db,
    items.map((i) => i.attention.personId),
    actor.userId,
  );
  await auditListed(db, actor, [...readable.keys()], 'my_attentions');
  return {
    items: items.map((row) => {
      const person = readable.get(row.attention.personId);
      const a = toAttention(row);
      return person
        ? { ...a, personName: `${person.names} ${person.lastNames}`, personRestricted: false }
        : { ...a, summary: '', agreements: null, personName: null, personRestricted: true };
    }),
    page,
    pageSize,
    total,
    totalCapped: false,
  };
}

async function attentionValues(
  db: Executor,
  links: PlanLinks,
  body: z.output<typeof attentionInput>,
  before: Attention | null,
) {
  const errors: FieldError[] = [];
  const professional = await getUser(db, body.professionalId).catch(() => null);
  if (!professional || (!professional.active && before?.professionalId !== body.professionalId))
    errors.push({ field: 'professionalId', code: 'unknown_code' });
  const attendedAt = fromGuatemalaLocal(body.attendedAt);
  if (Number.isNaN(attendedAt.getTime())) errors.push({ field: 'attendedAt', code: 'invalid' });
  else if (attendedAt.getTime() > Date.now() + 24 * 3600_000) errors.push({ field: 'attendedAt', code: 'date_order' });
  if (errors.length) throw invalidFields(errors);
  await checkCodes(db, [
    { field: 'area', catalog: 'attention_area', value: body.area, previous: before?.area },
    { field: 'modality', catalog: 'attention_modality', value: body.modality, previous: before?.modality },
  ]);
  if (body.planningLineId !== before?.planningLineId || body.attendedAt !== before?.attendedAt)
    await links.check(db, 'planningLineId', body.planningLineId, attendedAt);
  return {
    attendedAt,
    professionalId: body.professionalId,
    area: body.area,
    modality: body.modality,
    durationMinutes: body.durationMinutes,
    summary: body.summary,
    agreements: body.agreements,
    nextFollowUp: body.nextFollowUp,
    planningLineId: body.planningLineId,
  };
}

/**
 * Records an attention (spec section 3, Atenciones): `attendedAt` is local time in America/Guatemala, the
 * professional a user, area and type catalog codes. Write grant on the person; audited as `attention_create`.
 */
export async function createAttention(
  db: Db,
  links: PlanLinks,
  actor: UserActor,
  personId: string,
  body: z.output<typeof attentionInput>,
): Promise<Attention> {
  return db.transaction(async (tx) => {
    await requireAccess(tx, personId, actor.userId, 'canWrite');
    const values = await attentionValues(tx, links, body, null);
    const id = await repo.insertAttention(tx, {
      ...values,
      personId,
      createdBy: actor.userId,
      updatedBy: actor.userId,
    });
    const created = toAttention((await repo.findAttention(tx, personId, id))!);
    await writeAudit(tx, actor, {
      action: 'attention_create',
      entity: ENTITY,
      entityId: personId,
      changes: prefixed(`attention:${id}`, diff(null, attentionSnapshot(created))),
    });
    return created;
  });
}

/**
 * Edits an attention (write grant; 409 `stale` on an old `version`); audited with the changed fields before/after.
 */
export async function updateAttention(
  db: Db,
  links: PlanLinks,
  actor: UserActor,
  personId: string,
  id: string,
  body: z.output<typeof attentionUpdate>,
): Promise<Attention> {
  return db.transaction(async (tx) => {
    await requireAccess(tx, personId, actor.userId, 'canWrite');
    const row = await repo.findAttention(tx, personId, id);
    if (!row) throw notFound();
    const before = toAttention(row);
    const values = await attentionValues(tx, links, body, before);
    await updateVersioned(tx, attentions, id, body.version, { ...values, updatedBy: actor.userId });
    const after = toAttention((await repo.findAttention(tx, personId, id))!);
    await writeAudit(tx, actor, {
      action: 'attention_update',
      entity: ENTITY,
      entityId: personId,
      changes: prefixed(`attention:${id}`, diff(attentionSnapshot(before), attentionSnapshot(after))),
    });
    return after;
  });
}

/**
 * Deletes an attention (write grant; 404 for one of another person); audited as `attention_delete`.
 */
export async function deleteAttention(db: Db, actor: UserActor, personId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await requireAccess(tx, personId, actor.userId, 'canWrite');
    const row = await repo.findAttention(tx, personId, id);
    if (!row) throw notFound();
    await repo.deleteAttention(tx, id);
    await writeAudit(tx, actor, {
      action: 'attention_delete',
      entity: ENTITY,
      entityId: personId,
      changes: prefixed(`attention:${id}`, diff(attentionSnapshot(toAttention(row)), null)),
    });
  });
}

/**
 * What blocks deleting a person (issue 4): their case-file records, as field
 * errors `{ field: 'links' | 'perpetrators' | 'attentions', code: 'has_records', params: { count } }`.
 */
export async function deletionBlockers(db: Executor, personId: string): Promise<FieldError[]> {
  const counts = await repo.recordCounts(db, personId);
  return Object.entries(counts)
    .filter(([, count]) => count > 0)
    .map(([field, count]) => ({ field, code: 'has_records', params: { count } }));
}

/** Attentions executing a planning line, per month (the plan's goals achieved, issue 13 section 3). */
export function achievedOnLine(db: Executor, lineId: string) {
  return repo.attentionsByPlanningLine(db, lineId);
}

import type { PlanLinks } from '../../../lib/plan-links.ts';
import type { UserActor } from '../../../lib/actor.ts';
import type { z } from 'zod';
import type {
  Activity,
  ActivitySummary,
  activityCreate,
  activityInput,
  activityListQuery,
  activityUpdate,
} from '@amparo/shared/modules/population-activities.schema';
import type { FieldError } from '@amparo/shared/errors';
import { fromGuatemalaLocal, todayInGuatemala, toGuatemalaLocal } from '@amparo/shared/format';
import { hasPermission } from '@amparo/shared/permissions';
import type { Db, Executor } from '../../../db/client.ts';
import { AppError, invalidField, invalidFields, noPersonAccess, notFound } from '../../../lib/errors.ts';
import { diff, writeAudit } from '../../../lib/audit.ts';
import { updateVersioned } from '../../../lib/versioned.ts';
import type { FileStore } from '../../../lib/storage.ts';
import { removeUnreferenced } from '../../../lib/file-gc.ts';
import { activities } from '../../../db/schema.ts';
import { ageGroups, codesByCatalog, findMunicipality, geographyNames } from '../../catalogs/catalogs.service.ts';
import { getHeadquarter } from '../../headquarters/headquarters.service.ts';
import { getUser } from '../../users/users.service.ts';
import { accessOf, readablePersons, requireAccess } from '../../../lib/access.ts';
import { ageGroupOf, ageOn } from '../persons/persons.rules.ts';
import { photoViews, type PhotoView } from './activity-photo-visibility.ts';
import { withImageConsent } from '../case-file/person-file.repository.ts';
import * as repo from './activities.repository.ts';
import { allOf } from '../../../db/sql.ts';

/**
 * Group activities (issue 4), permission `poblacion_actividades`. Registered
 * participants follow the persons' grants: only a person the user may read
 * can be attached, and others are counted, never named. Photos are PNG or
 * JPEG by content, stored with a thumbnail (activity-photos.service.ts).
 */

const ENTITY = 'activity';

/** Holds `poblacion_actividades_gestion`: edits any activity, untags hidden photos with a reason (issue 9 item 2). */
const isActivityManager = (actor: UserActor) => hasPermission(actor.permissions, 'poblacion_actividades_gestion');

/**
 * Whether the caller may change this activity (issue 9 item 2): its creator, a
 * facilitator it has now (`facilitatorIds`, read before any change) or a manager.
 * Everyone else with `poblacion_actividades` only reads it.
 */
function rightsOn(actor: UserActor, activity: { createdBy: string | null }, facilitatorIds: string[]) {
  const canManage = isActivityManager(actor);
  return {
    canManage,
    canEdit: canManage || activity.createdBy === actor.userId || facilitatorIds.includes(actor.userId),
  };
}

/**
 * Every write on an activity starts here (issue 9 item 2): locks the activity
 * row for the transaction, then answers 404 if it does not exist and 403
 * `activity_not_editable` unless the caller is its creator, a current
 * facilitator or a manager. Judged on the state before the request, so naming
 * oneself facilitator in the same request does not count.
 */
export async function requireEditor(tx: Executor, actor: UserActor, id: string) {
  if (!(await repo.lockActivity(tx, id))) throw notFound();
  const row = await load(tx, id);
  const facilitatorIds = (await repo.facilitatorsOf(tx, id)).map((f) => f.id);
  const rights = rightsOn(actor, row.activity, facilitatorIds);
  if (!rights.canEdit) throw new AppError(403, 'activity_not_editable');
  return { row, facilitatorIds, ...rights };
}

async function toSummary(db: Executor, row: repo.ActivityRow): Promise<ActivitySummary> {
  const geo = await geographyNames(db);
  const a = row.activity;
  return {
    id: a.id,
    name: a.name,
    activityType: a.activityType,
    startsAt: toGuatemalaLocal(a.startsAt),
    headquarterName: row.headquarterName,
    stateName: geo.departments.get(a.state) ?? null,
    townName: geo.municipalities.get(a.town) ?? null,
    place: a.place,
    participantCount: row.participantCount,
    photoCount: row.photoCount,
  };
}

async function toActivity(db: Executor, actor: UserActor, row: repo.ActivityRow): Promise<Activity> {
  const a = row.activity;
  const [summary, facilitators, unregistered, participants, allParticipantIds, photos, groups] = await allOf(db, [
    () => toSummary(db, row),
    () => repo.facilitatorsOf(db, a.id),
    () => repo.unregisteredOf(db, a.id),
    () => repo.participantsOf(db, a.id),
    () => repo.participantIdsOf(db, a.id),
    () => repo.photosOf(db, a.id),
    () => ageGroups(db),
  ]);
  const today = todayInGuatemala();
  const readable = await readablePersons(
    db,
    participants.map((p) => p.personId),
    actor.userId,
  );
  const visible = participants.filter((p) => readable.has(p.personId));
  const views = await photoViews(
    db,
    actor.userId,
    photos,
    allParticipantIds,
    facilitators.map((f) => f.id),
  );
  // photoViews already read the consents of every participant; without photos, read them for the visible ones.
  const consented =
    views[0]?.consented ??
    (await withImageConsent(
      db,
      visible.map((p) => p.personId),
    ));
  return {
    ...summary,
    headquarterId: a.headquarterId,
    state: a.state,
    town: a.town,
    facilitators,
    thematic: a.thematic,
    description: a.description,
    planningLineId: a.planningLineId,
    unregistered,
    participants: visible.map((p) => ({
      personId: p.personId,
      names: p.names,
      lastNames: p.lastNames,
      sex: p.sex,
      ageGroup: ageGroupOf(ageOn(p.birthDate, today), groups),
      imageConsent: consented.has(p.personId),
    })),
    restrictedParticipants: participants.length - visible.length,
    photos: views.map((v) => toPhoto(v, readable)),
    version: a.version,
    ...rightsOn(
      actor,
      a,
      facilitators.map((f) => f.id),
    ),
  };
}

function toPhoto(
  v: PhotoView,
  readable: Map<string, { names: string; lastNames: string }>,
): Activity['photos'][number] {
  const p = v.photo;
  const named = v.tagged.filter((id) => readable.has(id));
  return {
    id: p.id,
    mime: p.mime,
    width: p.width,
    height: p.height,
    sizeBytes: p.sizeBytes,
    uploadedAt: p.uploadedAt.toISOString(),
    hidden: v.hidden,
    canView: v.canView,
    reviewed: v.reviewed,
    persons: named.map((id) => ({ personId: id, ...readable.get(id)!, imageConsent: v.consented.has(id) })),
    restrictedPersons: v.tagged.length - named.length,
  };
}

/** The activity row or 404. */
async function load(db: Executor, id: string) {
  const row = await repo.findActivity(db, id);
  if (!row) throw notFound();
  return row;
}

/** Reference checks the schema cannot make: catalogs, municipality in department, headquarter, active facilitators. */
async function checkInput(
  db: Executor,
  body: z.output<typeof activityInput>,
  before: repo.ActivityRow['activity'] | null,
) {
  const errors: FieldError[] = [];
  const catalogs = await codesByCatalog(db, ['activity_type', 'thematic', 'sex', 'age_group']);
  const known = (catalog: string, code: string, kept = false) => {
    const active = catalogs.get(catalog)?.get(code);
    return active === true || (active === false && kept);
  };
  if (!known('activity_type', body.activityType, before?.activityType === body.activityType))
    errors.push({ field: 'activityType', code: 'unknown_code' });
  body.thematic.forEach(
    (c, i) =>
      known('thematic', c, before?.thematic.includes(c)) ||
      errors.push({ field: `thematic.${i}`, code: 'unknown_code' }),
  );
  body.unregistered.forEach((u, i) => {
    if (!known('sex', u.sex, true)) errors.push({ field: `unregistered.${i}.sex`, code: 'unknown_code' });
    if (!known('age_group', u.ageGroup, true))
      errors.push({ field: `unregistered.${i}.ageGroup`, code: 'unknown_code' });
  });
  const town = await findMunicipality(db, body.town);
  if (!town) errors.push({ field: 'town', code: 'unknown_code' });
  else if (town.departmentCode !== body.state) errors.push({ field: 'town', code: 'municipality_not_in_department' });
  if (body.headquarterId && !(await getHeadquarter(db, body.headquarterId).catch(() => null)))
    errors.push({ field: 'headquarterId', code: 'unknown_code' });
  for (const [i, id] of body.facilitatorIds.entries()) {
    const user = await getUser(db, id).catch(() => null);
    if (!user?.active) errors.push({ field: `facilitatorIds.${i}`, code: 'unknown_code' });
  }
  const startsAt = fromGuatemalaLocal(body.startsAt);
  if (Number.isNaN(startsAt.getTime())) errors.push({ field: 'startsAt', code: 'invalid' });
  if (errors.length) throw invalidFields(errors);
  return startsAt;
}

const snapshot = (a: Activity) => ({
  name: a.name,
  activityType: a.activityType,
  startsAt: a.startsAt,
  headquarterId: a.headquarterId,
  state: a.state,
  town: a.town,
  place: a.place,
  facilitators: a.facilitators.map((f) => f.id),
  thematic: a.thematic,
  description: a.description,
  planningLineId: a.planningLineId,
  unregistered: a.unregistered,
});

/**
 * A page of group activities (spec section 3, Actividades), searched by term, type and a date range in
 * America/Guatemala days (`to` inclusive) and the record's age (spec section 9, `lib/item-age.ts`), newest or
 * oldest first; exact total.
 */
export async function listActivities(db: Db, q: z.output<typeof activityListQuery>) {
  const { items, total } = await repo.listActivities(
    db,
    {
      term: q.q,
      activityType: q.activityType,
      from: q.from ? fromGuatemalaLocal(`${q.from}T00:00`) : undefined,
      to: q.to ? new Date(fromGuatemalaLocal(`${q.to}T00:00`).getTime() + 86400_000) : undefined,
      age: q.age,
    },
    q.order,
    q.page,
    q.pageSize,
  );
  return {
    items: await Promise.all(items.map((r) => toSummary(db, r))),
    page: q.page,
    pageSize: q.pageSize,
    total,
    totalCapped: false,
  };
}

/**
 * One activity with facilitators, the participants the caller may read (others only counted), photos with their
 * visibility for the caller, and the caller's rights on it. 404 `not_found`.
 */
export async function getActivity(db: Db, actor: UserActor, id: string) {
  return toActivity(db, actor, await load(db, id));
}

/**
 * Creates an activity (`startsAt` local time in America/Guatemala; headquarter, municipality and type checked,
 * 400 otherwise) with its facilitators and unregistered counts in one transaction; the creator may edit it.
 * Audited as `create`.
 */
export async function createActivity(
  db: Db,
  links: PlanLinks,
  actor: UserActor,
  body: z.output<typeof activityCreate>,
): Promise<Activity> {
  return db.transaction(async (tx) => {
    const startsAt = await checkInput(tx, body, null);
    await links.check(tx, 'planningLineId', body.planningLineId, startsAt);
    const id = await repo.insertActivity(tx, {
      name: body.name,
      activityType: body.activityType,
      startsAt,
      headquarterId: body.headquarterId,
      state: body.state,
      town: body.town,
      place: body.place,
      thematic: [...new Set(body.thematic)],
      description: body.description,
      planningLineId: body.planningLineId,
      createdBy: actor.userId,
      updatedBy: actor.userId,
    });
    await repo.setChildren(tx, id, [...new Set(body.facilitatorIds)], body.unregistered);
    // Participants picked in the add form: the same check and audit as one added later; one refusal undoes all.
    for (const personId of new Set(body.participantIds)) await attachParticipant(tx, actor, id, personId);
    const created = await toActivity(tx, actor, await load(tx, id));
    await writeAudit(tx, actor, {
      action: 'create',
      entity: ENTITY,
      entityId: id,
      changes: diff(null, snapshot(created)),
    });
    return created;
  });
}

/**
 * Changes an activity (creator, facilitators or manager; 403 `activity_not_editable`).
 * Naming oneself facilitator of an existing activity takes the manager key
 * (400 `facilitatorIds.N` `self_facilitator`): facilitators may open hidden photos (issue 9 item 2).
 */
export async function updateActivity(
  db: Db,
  links: PlanLinks,
  actor: UserActor,
  id: string,
  body: z.output<typeof activityUpdate>,
): Promise<Activity> {
  return db.transaction(async (tx) => {
    const { row, facilitatorIds, canManage } = await requireEditor(tx, actor, id);
    const selfIndex = body.facilitatorIds.indexOf(actor.userId);
    if (selfIndex >= 0 && !facilitatorIds.includes(actor.userId) && !canManage)
      throw invalidField(`facilitatorIds.${selfIndex}`, 'self_facilitator');
    const before = await toActivity(tx, actor, row);
    const startsAt = await checkInput(tx, body, row.activity);
    if (body.planningLineId !== row.activity.planningLineId || startsAt.getTime() !== row.activity.startsAt.getTime())
      await links.check(tx, 'planningLineId', body.planningLineId, startsAt);
    await updateVersioned(tx, activities, id, body.version, {
      name: body.name,
      activityType: body.activityType,
      startsAt,
      headquarterId: body.headquarterId,
      state: body.state,
      town: body.town,
      place: body.place,
      thematic: [...new Set(body.thematic)],
      description: body.description,
      planningLineId: body.planningLineId,
      updatedBy: actor.userId,
    });
    await repo.setChildren(tx, id, [...new Set(body.facilitatorIds)], body.unregistered);
    const after = await toActivity(tx, actor, await load(tx, id));
    await writeAudit(tx, actor, {
      action: 'update',
      entity: ENTITY,
      entityId: id,
      changes: diff(snapshot(before), snapshot(after)),
    });
    return after;
  });
}

/** Deletes an activity with its participants and photos (editors only); each participant's history records the leave; the photos' bytes go afterwards. */
export async function deleteActivity(db: Db, store: FileStore, actor: UserActor, id: string) {
  const keys = await db.transaction(async (tx) => {
    await requireEditor(tx, actor, id);
    const before = await toActivity(tx, actor, await load(tx, id));
    const photos = await repo.photosOf(tx, id);
    const participantIds = await repo.participantIdsOf(tx, id);
    await repo.deleteActivity(tx, id);
    await writeAudit(tx, actor, {
      action: 'delete',
      entity: ENTITY,
      entityId: id,
      changes: diff(snapshot(before), null),
    });
    // Each participant's history says they left it (issue 9 item 5), as when one participant is removed.
    for (const personId of participantIds) {
      await writeAudit(tx, actor, {
        action: 'activity_leave',
        entity: 'person',
        entityId: personId,
        changes: { activity: { before: id, after: null } },
      });
    }
    return photos.flatMap((p) => [p.storageKey, p.thumbKey]);
  });
  await removeUnreferenced(db, store, keys);
}

/** Attaches a registered person the user may read (403 `no_person_access` otherwise; editors only); also noted on the person's history. */
export async function addParticipant(db: Db, actor: UserActor, id: string, personId: string) {
  await db.transaction(async (tx) => {
    await requireEditor(tx, actor, id);
    await attachParticipant(tx, actor, id, personId);
  });
  return getActivity(db, actor, id);
}

/**
 * Attaches `personId` to activity `id` inside `tx`: 403 `no_person_access` unless the actor may read the person,
 * 409 `duplicate` if already attached; audited on the activity and on the person's history.
 */
async function attachParticipant(tx: Executor, actor: UserActor, id: string, personId: string) {
  const access = await accessOf(tx, personId, actor.userId).catch(() => null);
  if (!access?.canRead) throw noPersonAccess();
  if (!(await repo.addParticipant(tx, id, personId, actor.userId))) throw new AppError(409, 'duplicate');
  await auditParticipation(tx, actor, id, personId, 'add');
}

/** A participant added or removed, written on the activity and on the person's history (case data, audited). */
async function auditParticipation(tx: Executor, actor: UserActor, id: string, personId: string, op: 'add' | 'remove') {
  const [before, after] = op === 'add' ? [null, personId] : [personId, null];
  await writeAudit(tx, actor, {
    action: `participant_${op}`,
    entity: ENTITY,
    entityId: id,
    changes: { participant: { before, after } },
  });
  await writeAudit(tx, actor, {
    action: op === 'add' ? 'activity_join' : 'activity_leave',
    entity: 'person',
    entityId: personId,
    changes: { activity: op === 'add' ? { before: null, after: id } : { before: id, after: null } },
  });
}

/** Hidden photo ids of an activity (for the caller's identity it does not matter: `hidden` is the same for all). */
async function hiddenPhotoIds(tx: Executor, actor: UserActor, id: string) {
  const [photos, participantIds] = await allOf(tx, [() => repo.photosOf(tx, id), () => repo.participantIdsOf(tx, id)]);
  const views = await photoViews(tx, actor.userId, photos, participantIds, []);
  return new Set(views.filter((v) => v.hidden).map((v) => v.photo.id));
}

/**
 * Removes a participant (editors only); their photo tags go with them. Refused
 * with 409 `photo_would_show` when that would show a photo hidden for lack of
 * image consent (they were tagged in it, or it is unreviewed and they were the
 * one lacking consent): a manager untags them first, with a reason (issue 9 item 2).
 * The check runs on the state after the removal, inside the transaction, so
 * nothing is ever visible.
 */
export async function removeParticipant(db: Db, actor: UserActor, id: string, personId: string) {
  await db.transaction(async (tx) => {
    await requireEditor(tx, actor, id);
    const access = await accessOf(tx, personId, actor.userId).catch(() => null);
    if (!access?.canRead) throw noPersonAccess();
    const hiddenBefore = await hiddenPhotoIds(tx, actor, id);
    if (!(await repo.removeParticipant(tx, id, personId))) throw notFound();
    const hiddenAfter = await hiddenPhotoIds(tx, actor, id);
    if ([...hiddenBefore].some((photoId) => !hiddenAfter.has(photoId))) throw new AppError(409, 'photo_would_show');
    await auditParticipation(tx, actor, id, personId, 'remove');
  });
  return getActivity(db, actor, id);
}

/** The activities a person attended (their file; read grant on the person). */
export async function personActivities(db: Db, actor: UserActor, personId: string): Promise<ActivitySummary[]> {
  await requireAccess(db, personId, actor.userId, 'canRead');
  return Promise.all((await repo.activitiesOfPerson(db, personId)).map((r) => toSummary(db, r)));
}

/** Group activities executing a planning line, per month (the plan's goals achieved, issue 13 section 3). */
export function achievedOnLine(db: Executor, lineId: string) {
  return repo.countByPlanningLine(db, lineId);
}

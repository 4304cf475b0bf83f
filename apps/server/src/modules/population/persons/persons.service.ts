import type { UserActor } from '../../../lib/actor.ts';
import type { z } from 'zod';
import type {
  Person,
  PersonListItem,
  accessDecision,
  accessRequestInput,
  grantInput,
  personCreate,
  personListQuery,
  personUpdate,
} from '@amparo/shared/modules/population.schema';
import type { FieldError } from '@amparo/shared/errors';
import { todayInGuatemala } from '@amparo/shared/format';
import type { Db, Executor } from '../../../db/client.ts';
import {
  AppError,
  invalidFields,
  isForeignKeyViolation,
  isUniqueViolation,
  noPersonAccess,
  notFound,
} from '../../../lib/errors.ts';
import { accessOf, isLive, requireAccess } from '../../../lib/access.ts';
import { auditRead } from '../../../lib/read-audit.ts';
import { diff, writeAudit } from '../../../lib/audit.ts';
import { updateVersioned } from '../../../lib/versioned.ts';
import { persons } from '../../../db/schema.ts';
import * as repo from './persons.repository.ts';
import {
  ageGroupOf,
  ageOn,
  birthWindow,
  CATALOG_FIELDS,
  fileCode,
  normalizeSearch,
  searchTextOf,
  subtractYears,
  type AgeGroup,
} from './persons.rules.ts';
import { ageGroups, codesByCatalog, findMunicipality, geographyNames } from '../../catalogs/catalogs.service.ts';
import { getHeadquarter, headquarterNames } from '../../headquarters/headquarters.service.ts';
import type { PersonBlockers } from '../../../lib/person-blockers.ts';
import { historyNames } from './history-names.ts';
import { allOf } from '../../../db/sql.ts';
import { notify } from '../../notifications/notifications.service.ts';

type CreateInput = z.output<typeof personCreate>;
/**
 * A list counts matching rows exactly up to a cap four pages beyond the one
 * asked for (125 rows for the first page of 25); a search, whose matches are
 * scanned row by row, counts one page beyond (50). Past the cap the answer
 * says 'more than N' (`totalCapped`) and paging on raises it. Counting a whole
 * registry on every page was the largest cost of a list request.
 */
const countCap = (page: number, pageSize: number, searching: boolean) => (page + (searching ? 1 : 4)) * pageSize;
const ENTITY = 'person';

// ---------------------------------------------------------------- access

/** The per-person grant rule lives in lib/access.ts (issue 9 item 9); re-exported for this module's routes. */
export { accessOf };

// ---------------------------------------------------------------- mapping

interface Names {
  departments: Map<string, string>;
  municipalities: Map<string, string>;
  headquarters: Map<string, string>;
}

/** Department, municipality and headquarter names for rows (geography cached, headquarters queried). */
async function namesFor(db: Executor, rows: { headquarterId: string | null }[]): Promise<Names> {
  const [geo, headquarters] = await allOf(db, [
    () => geographyNames(db),
    () =>
      headquarterNames(
        db,
        rows.map((r) => r.headquarterId),
      ),
  ]);
  return { ...geo, headquarters };
}

const nameOf = (map: Map<string, string>, key: string | null) => (key ? (map.get(key) ?? null) : null);

function toPerson(p: repo.PersonRow, names: Names, groups: AgeGroup[], today: string): Person {
  const age = ageOn(p.birthDate, today);
  return {
    id: p.id,
    fileCode: fileCode(p.fileNumber),
    names: p.names,
    lastNames: p.lastNames,
    alias: p.alias,
    birthDate: p.birthDate,
    birthDateEstimated: p.birthDateEstimated,
    age,
    ageGroup: ageGroupOf(age, groups),
    civilStatus: p.civilStatus,
    sex: p.sex,
    sexualOrientation: p.sexualOrientation,
    nationality: p.nationality,
    ethnicGroup: p.ethnicGroup,
    linguisticCommunity: p.linguisticCommunity,
    academicDegree: p.academicDegree,
    knowsRead: p.knowsRead,
    knowsWrite: p.knowsWrite,
    disability: p.disability,
    pregnancy: p.pregnancy,
    country: p.country,
    state: p.state,
    stateName: nameOf(names.departments, p.state),
    town: p.town,
    townName: nameOf(names.municipalities, p.town),
    community: p.community,
    weightLbs: p.weightLbs,
    heightM: p.heightM,
    phones: p.phones,
    bloodType: p.bloodType,
    bond: p.bond,
    perpetrator: p.perpetrator,
    thematic: p.thematic,
    admissionDate: p.admissionDate,
    admissionReason: p.admissionReason,
    referrer: p.referrer,
    court: p.court,
    departureDate: p.departureDate,
    departureReason: p.departureReason,
    departureNote: p.departureNote,
    externalFileNumber: p.externalFileNumber,
    headquarterId: p.headquarterId,
    headquarterName: nameOf(names.headquarters, p.headquarterId),
    version: p.version,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** The snapshot audited on changes: stored fields only, no derived or bookkeeping ones. */
function auditSnapshot(p: Person) {
  const {
    id: _i,
    fileCode: _f,
    age: _a,
    ageGroup: _g,
    stateName: _s,
    townName: _t,
    headquarterName: _h,
    version: _v,
    createdAt: _c,
    updatedAt: _u,
    ...rest
  } = p;
  return rest;
}

async function loadPerson(db: Executor, id: string, today = todayInGuatemala()): Promise<Person> {
  const row = await repo.findPerson(db, id);
  if (!row) throw notFound();
  const [names, groups] = await allOf(db, [() => namesFor(db, [row]), () => ageGroups(db)]);
  return toPerson(row, names, groups, today);
}

// ---------------------------------------------------------------- validation against reference data

/**
 * Checks what the schema cannot: catalog codes exist (and are active, unless
 * the record already had that code), the municipality exists and belongs to
 * the department (INE codes), the headquarter exists. All problems at once.
 */
async function checkReferences(db: Executor, body: CreateInput, before: Person | null) {
  const errors: FieldError[] = [];
  const catalogs = await codesByCatalog(db, [...new Set(Object.values(CATALOG_FIELDS))]);
  for (const [field, catalog] of Object.entries(CATALOG_FIELDS) as [keyof typeof CATALOG_FIELDS, string][]) {
    const value = body[field];
    const codes = catalogs.get(catalog) ?? new Map<string, boolean>();
    const previous = before ? before[field] : null;
    const ok = (code: string, index?: number) => {
      const active = codes.get(code);
      const keptOld = Array.isArray(previous) ? previous.includes(code) : previous === code;
      if (active === undefined || (!active && !keptOld))
        errors.push({ field: index === undefined ? field : `${field}.${index}`, code: 'unknown_code' });
    };
    if (Array.isArray(value)) value.forEach((code, i) => ok(code, i));
    else if (value) ok(value);
  }
  if (body.country !== 'GT' && (body.state || body.town)) errors.push({ field: 'state', code: 'invalid' });
  if (body.town) {
    const town = await findMunicipality(db, body.town);
    if (!town) errors.push({ field: 'town', code: 'unknown_code' });
    else if (town.departmentCode !== body.state) errors.push({ field: 'town', code: 'municipality_not_in_department' });
  }
  if (body.headquarterId) {
    try {
      await getHeadquarter(db, body.headquarterId);
    } catch {
      errors.push({ field: 'headquarterId', code: 'unknown_code' });
    }
  }
  if (errors.length) throw invalidFields(errors);
}

/** Stored values from the input: a given birth date wins; an age alone gives an estimated birth date. */
function toValues(body: CreateInput, today: string) {
  const { age, birthDate, ...rest } = body;
  const estimated = !birthDate && age !== null;
  return {
    ...rest,
    thematic: [...new Set(body.thematic)],
    birthDate: birthDate ?? (age !== null ? subtractYears(today, age) : null),
    birthDateEstimated: estimated,
  };
}

// ---------------------------------------------------------------- person CRUD

/**
 * Registers a person. The creator becomes the record's administrator (spec
 * section 6). Person, grant and audit entry are written in one transaction.
 */
export async function createPerson(db: Db, actor: UserActor, body: CreateInput): Promise<Person> {
  const userId = actor.userId;
  const today = todayInGuatemala();
  return db.transaction(async (tx) => {
    await checkReferences(tx, body, null);
    const values = toValues(body, today);
    const { id, fileNumber } = await repo.insertPerson(tx, { ...values, createdBy: userId, updatedBy: userId });
    await repo.setSearchText(tx, id, searchTextOf(values, fileNumber));
    await repo.upsertGrant(tx, {
      personId: id,
      userId,
      administrator: true,
      canRead: true,
      canWrite: true,
      reason: null,
      grantedBy: userId,
    });
    const created = await loadPerson(tx, id, today);
    await writeAudit(tx, actor, {
      action: 'create',
      entity: ENTITY,
      entityId: id,
      changes: diff(null, auditSnapshot(created)),
    });
    return created;
  });
}

/**
 * Opens a person's record: needs a read grant; every opening is audited
 * (issue 3, 'Audit'). Record, grant, headquarter name and audit entry are one
 * statement (issue 10 item 9): the entry is written if and only if the record
 * is returned to a caller who may read it.
 */
export async function getPerson(db: Db, actor: UserActor, id: string): Promise<Person> {
  const today = todayInGuatemala();
  const row = await repo.findPersonForUser(db, id, actor.userId, { actor, part: null });
  if (!row) throw notFound();
  if (!row.canRead) throw noPersonAccess();
  const [geo, groups] = await allOf(db, [() => geographyNames(db), () => ageGroups(db)]);
  const headquarters = new Map(
    row.person.headquarterId && row.headquarterName ? [[row.person.headquarterId, row.headquarterName]] : [],
  );
  return toPerson(row.person, { ...geo, headquarters }, groups, today);
}

/** Updates a person: needs a write grant; 409 when `version` is stale; the changed fields are audited. */
export async function updatePerson(
  db: Db,
  actor: UserActor,
  id: string,
  body: z.output<typeof personUpdate>,
): Promise<Person> {
  const userId = actor.userId;
  const today = todayInGuatemala();
  return db.transaction(async (tx) => {
    await requireAccess(tx, id, userId, 'canWrite');
    const before = await loadPerson(tx, id, today);
    const { version, ...input } = body;
    await checkReferences(tx, input, before);
    // An unchanged age keeps the stored (possibly estimated) birth date instead of re-estimating it.
    const keepBirth = !input.birthDate && input.age !== null && input.age === before.age && before.birthDate;
    const values = toValues(keepBirth ? { ...input, birthDate: before.birthDate, age: null } : input, today);
    if (keepBirth) values.birthDateEstimated = before.birthDateEstimated;
    const fileNumber = Number(before.fileCode.slice(4));
    await updateVersioned(tx, persons, id, version, {
      ...values,
      searchText: searchTextOf(values, fileNumber),
      updatedBy: userId,
    });
    const after = await loadPerson(tx, id, today);
    const changes = diff(auditSnapshot(before), auditSnapshot(after));
    // A save that changed nothing leaves no 'update' entry (the version still moves on).
    if (Object.keys(changes).length)
      await writeAudit(tx, actor, { action: 'update', entity: ENTITY, entityId: id, changes });
    return after;
  });
}

/**
 * Soft-deletes a person (administrator only); the row and its history stay for
 * the audit. A person with case-file records is refused (409 `in_use`) with
 * the list of what blocks it (issue 4).
 */
export async function deletePerson(db: Db, blockers: PersonBlockers, actor: UserActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await requireAccess(tx, id, actor.userId, 'administrator');
    const reasons = await blockers.check(tx, id);
    if (reasons.length) throw new AppError(409, 'in_use', reasons);
    const before = await loadPerson(tx, id);
    await repo.softDeletePerson(tx, id, actor.userId);
    await writeAudit(tx, actor, {
      action: 'delete',
      entity: ENTITY,
      entityId: id,
      changes: diff(auditSnapshot(before), null),
    });
  });
}

/**
 * Lists the persons the user holds a live grant on (never others, also in
 * search). Search: every word (≥ 2 characters in all) must appear in names,
 * last names, alias or file numbers, accents ignored. The count stops at a cap (see countCap).
 * Each person on the page is audited as seen in a list or a search (issue 9 item 5).
 */
/** The list's filters the persons list and the export share (`personListQuery` fields, no paging). */
export type PersonFilters = Pick<
  z.output<typeof personListQuery>,
  'q' | 'sex' | 'thematic' | 'state' | 'headquarterId' | 'status' | 'ageGroup' | 'age'
>;

/**
 * The SQL condition of the persons list for `userId` on `today` (America/Guatemala): their live grants, the search
 * words (accents ignored) and the filters; an age group becomes a birth-date window. 400 `unknown_code` on
 * `ageGroup` for an age group that does not exist. Shared by the list and the xlsx export.
 */
export async function listWhereOf(
  db: Executor,
  userId: string,
  today: string,
  q: PersonFilters,
  bind: 'values' | 'placeholders' = 'values',
) {
  const groups = await ageGroups(db);
  let birth: repo.ListFilters['birth'];
  if (q.ageGroup) {
    const group = groups.find((g) => g.code === q.ageGroup);
    if (!group) throw invalidFields([{ field: 'ageGroup', code: 'unknown_code' }]);
    birth = birthWindow(group, today);
  }
  const where = repo.listWhere(
    {
      userId,
      today,
      terms: q.q ? normalizeSearch(q.q).split(' ').filter(Boolean) : [],
      sex: q.sex,
      thematic: q.thematic,
      state: q.state,
      headquarterId: q.headquarterId,
      status: q.status,
      birth,
      age: q.age,
    },
    bind,
  );
  return where;
}

export async function listPersons(db: Db, actor: UserActor, q: z.output<typeof personListQuery>) {
  const userId = actor.userId;
  const today = todayInGuatemala();
  const list = await listWhereOf(db, userId, today, q, 'placeholders');
  const groups = await ageGroups(db); // cached per process
  const cap = countCap(q.page, q.pageSize, !!q.q);
  // The rows' audit entries are written by the same statement (issue 9 item 5, issue 10 item 9).
  const audit = { actor, part: q.q ? ('search' as const) : ('list' as const) };
  const rows = await repo.listPersons(db, list, q.sort, q.order, q.page, q.pageSize, cap, audit);
  // The count rides on the rows; a page past the end has none, so count alone then.
  const total =
    rows[0]?.total ??
    (q.page > 1 ? await repo.countPersons(db, (await listWhereOf(db, userId, today, q)).where, cap) : 0);
  const geo = await geographyNames(db);
  const items: PersonListItem[] = rows.map((r) => {
    const age = ageOn(r.birthDate, today);
    const { fileNumber, birthDate: _b, town, total: _t, createdAt: _c, ...rest } = r;
    return {
      ...rest,
      fileCode: fileCode(fileNumber),
      age,
      ageGroup: ageGroupOf(age, groups),
      stateName: nameOf(geo.departments, r.state),
      townName: nameOf(geo.municipalities, town),
    };
  });
  return { items, page: q.page, pageSize: q.pageSize, total: Math.min(total, cap), totalCapped: total > cap };
}

// ---------------------------------------------------------------- grants and requests

type GrantRows = Awaited<ReturnType<typeof repo.listGrants>>;
function toGrants(rows: GrantRows) {
  return rows.map(({ grant: g, userName, grantedByName }) => ({
    id: g.id,
    userId: g.userId,
    userName,
    administrator: g.administrator,
    canRead: g.canRead || g.canWrite || g.administrator,
    canWrite: g.canWrite || g.administrator,
    reason: g.reason,
    expiresOn: g.expiresOn,
    expired: !isLive(g),
    grantedByName,
    grantedAt: g.grantedAt.toISOString(),
  }));
}

/**
 * The grants on a person (who, role, reason, last day), for the person's administrators only (403 otherwise).
 */
export async function listGrants(db: Db, actor: UserActor, personId: string) {
  await requireAccess(db, personId, actor.userId, 'administrator');
  return toGrants(await repo.listGrants(db, personId));
}

/** An administrator must remain: the last live one cannot be removed or demoted. */
async function assertAdministratorRemains(db: Executor, personId: string, changedUserId: string, stillAdmin: boolean) {
  if (stillAdmin) return;
  const current = await repo.findGrantOf(db, personId, changedUserId);
  const isLiveAdmin = current?.administrator && isLive(current);
  if (isLiveAdmin && (await repo.countLiveAdministrators(db, personId)) <= 1)
    throw new AppError(409, 'last_administrator');
}

/** Grants (or changes) a user's access to a person, with a reason and an optional last day. */
export async function grantAccess(db: Db, actor: UserActor, personId: string, body: z.output<typeof grantInput>) {
  const me = actor.userId;
  try {
    return await db.transaction(async (tx) => {
      await requireAccess(tx, personId, me, 'administrator');
      await assertAdministratorRemains(tx, personId, body.userId, body.administrator);
      const before = await repo.findGrantOf(tx, personId, body.userId);
      const values = {
        administrator: body.administrator,
        canRead: body.canRead || body.canWrite || body.administrator,
        canWrite: body.canWrite || body.administrator,
        reason: body.reason,
        expiresOn: body.expiresOn,
      };
      await repo.upsertGrant(tx, { personId, userId: body.userId, ...values, grantedBy: me });
      const pick = (g: typeof before) =>
        g
          ? {
              administrator: g.administrator,
              canRead: g.canRead,
              canWrite: g.canWrite,
              reason: g.reason,
              expiresOn: g.expiresOn,
            }
          : null;
      const grants = toGrants(await repo.listGrants(tx, personId));
      const userName = grants.find((g) => g.userId === body.userId)?.userName ?? body.userId;
      await writeAudit(tx, actor, {
        action: 'grant',
        entity: ENTITY,
        entityId: personId,
        changes: { [`grant:${userName}`]: { before: pick(before), after: values } },
      });
      return grants;
    });
  } catch (err) {
    if (isForeignKeyViolation(err)) throw invalidFields([{ field: 'userId', code: 'unknown_code' }]);
    throw err;
  }
}

/**
 * Revokes a grant (administrators of the person; the last administrator cannot be removed, 409 `last_administrator`); audited as
 * `revoke` on the person.
 */
export async function revokeAccess(db: Db, actor: UserActor, personId: string, grantId: string) {
  return db.transaction(async (tx) => {
    await requireAccess(tx, personId, actor.userId, 'administrator');
    const grant = await repo.findGrant(tx, personId, grantId);
    if (!grant) throw notFound();
    await assertAdministratorRemains(tx, personId, grant.userId, false);
    const userName =
      (await repo.listGrants(tx, personId)).find((g) => g.grant.id === grantId)?.userName ?? grant.userId;
    await repo.deleteGrant(tx, grantId);
    await writeAudit(tx, actor, {
      action: 'revoke',
      entity: ENTITY,
      entityId: personId,
      changes: {
        [`grant:${userName}`]: {
          before: { administrator: grant.administrator, canRead: grant.canRead, canWrite: grant.canWrite },
          after: null,
        },
      },
    });
    return toGrants(await repo.listGrants(tx, personId));
  });
}

type RequestRow = NonNullable<Awaited<ReturnType<typeof repo.findAccessRequest>>>;
function toRequest({ request: r, userName, decidedByName }: RequestRow) {
  return {
    id: r.id,
    personId: r.personId,
    userId: r.userId,
    userName,
    reason: r.reason,
    canWrite: r.canWrite,
    status: r.status,
    decidedByName,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    note: r.note,
    createdAt: r.createdAt.toISOString(),
  };
}

/** A user asks an administrator for access to a person (one pending request at a time; 409 duplicate). */
export async function requestAccess(
  db: Db,
  actor: UserActor,
  personId: string,
  body: z.output<typeof accessRequestInput>,
) {
  const me = actor.userId;
  try {
    return await db.transaction(async (tx) => {
      const access = await accessOf(tx, personId, me);
      if (access.canWrite || (access.canRead && !body.canWrite)) throw new AppError(409, 'duplicate');
      const id = await repo.insertAccessRequest(tx, {
        personId,
        userId: me,
        reason: body.reason,
        canWrite: body.canWrite,
      });
      await writeAudit(tx, actor, {
        action: 'request_access',
        entity: ENTITY,
        entityId: personId,
        changes: { request: { before: null, after: { reason: body.reason, canWrite: body.canWrite } } },
      });
      // The person's administrators are told (issue 12): the file code, never the person's name; and who asked,
      // a staff member (issue 24 section 6, item 11), so they know whom to answer without opening the file.
      const administrators = await repo.administratorsOf(tx, personId);
      const requester = (await repo.fullNameOf(tx, me)) ?? '';
      await notify(tx, actor, {
        kind: 'population.access_requested',
        recipients: administrators.map((a) => a.userId),
        link: `/population/served/${personId}`,
        params: administrators[0] ? { fileCode: fileCode(administrators[0].fileNumber), requester } : {},
      });
      return toRequest((await repo.findAccessRequest(tx, id))!);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(409, 'duplicate');
    throw err;
  }
}

/**
 * The access requests on a person, newest first, for the person's administrators only (403 otherwise).
 */
export async function listAccessRequests(db: Db, actor: UserActor, personId: string) {
  await requireAccess(db, personId, actor.userId, 'administrator');
  return (await repo.listAccessRequests(db, personId)).map(toRequest);
}

/**
 * Pending access requests on every person `userId` administers (the top bar's list), newest first.
 */
export async function pendingRequests(db: Db, userId: string) {
  return (await repo.listPendingForAdministrator(db, userId)).map(toRequest);
}

/** An administrator of the person approves (a grant is written) or denies a pending request. */
export async function decideAccessRequest(
  db: Db,
  actor: UserActor,
  requestId: string,
  body: z.output<typeof accessDecision>,
) {
  const me = actor.userId;
  return db.transaction(async (tx) => {
    const found = await repo.findAccessRequest(tx, requestId);
    if (!found) throw notFound();
    const r = found.request;
    await requireAccess(tx, r.personId, me, 'administrator');
    if (
      !(await repo.decideAccessRequest(tx, requestId, {
        status: body.approve ? 'approved' : 'denied',
        decidedBy: me,
        decidedAt: new Date(),
        note: body.note,
      }))
    ) {
      throw new AppError(409, 'version_conflict');
    }
    if (body.approve) {
      const existing = await repo.findGrantOf(tx, r.personId, r.userId);
      await repo.upsertGrant(tx, {
        personId: r.personId,
        userId: r.userId,
        administrator: existing?.administrator ?? false,
        canRead: true,
        canWrite: r.canWrite || (existing?.canWrite ?? false),
        reason: r.reason,
        expiresOn: body.expiresOn,
        grantedBy: me,
      });
    }
    await writeAudit(tx, actor, {
      action: 'decide_access',
      entity: ENTITY,
      entityId: r.personId,
      changes: { [`request:${found.userName}`]: { before: 'pending', after: body.approve ? 'approved' : 'denied' } },
    });
    // The requester is told (issue 12); the file code they asked about, and the outcome.
    const fileNumber = await repo.fileNumberOf(tx, r.personId);
    await notify(tx, actor, {
      kind: 'population.access_decided',
      recipients: [r.userId],
      link: body.approve ? `/population/served/${r.personId}` : '/population/served/list',
      params: { approved: body.approve, ...(fileNumber === null ? {} : { fileCode: fileCode(fileNumber) }) },
    });
    return toRequest((await repo.findAccessRequest(tx, requestId))!);
  });
}

/** A page of the person's audit trail (administrator grant), newest first, with names for the users, persons and activities it mentions by id. */
export async function personHistory(db: Db, actor: UserActor, personId: string, page: number, pageSize: number) {
  await requireAccess(db, personId, actor.userId, 'administrator');
  const { items, total } = await repo.history(db, personId, page, pageSize);
  await auditRead(db, actor, personId, 'history');
  const names = await historyNames(
    db,
    actor.userId,
    items.map((i) => i.changes),
  );
  return {
    items: items.map((i, n) => ({
      id: String(i.id),
      at: i.at.toISOString(),
      userName: i.userName,
      action: i.action,
      changes: i.changes,
      names: names[n]!,
    })),
    page,
    pageSize,
    total,
    totalCapped: false,
  };
}

// ---------------------------------------------------------------- for other modules

/** Counts by sex, age group and thematic over the persons the user may see (dashboard). */
export async function dashboardCounts(db: Db, userId: string) {
  const today = todayInGuatemala();
  const rows = await repo.dashboardCounts(db, userId, today, repo.ageGroupCase(await ageGroups(db), today));
  const pick = (kind: string) =>
    rows
      .filter((r) => r.kind === kind)
      .map((r) => ({ code: r.code ?? 'SIN_DATO', count: r.n }))
      .sort((a, b) => b.count - a.count);
  const total = rows.find((r) => r.kind === 'total')?.n ?? 0;
  const departed = rows.find((r) => r.kind === 'departed')?.n ?? 0;
  return {
    /** Live grants the user holds: none says why the figures are empty (issue 24 section 6, item 7). */
    grants: rows.find((r) => r.kind === 'grants')?.n ?? 0,
    total,
    departed,
    admitted: total - departed,
    bySex: pick('sex'),
    byAgeGroup: pick('age'),
    byThematic: pick('thematic'),
  };
}

import type { z } from 'zod';
import type {
  Collaborator,
  collaboratorInput,
  collaboratorListQuery,
  collaboratorUpdate,
} from '@amparo/shared/modules/talent.schema';
import { normalizeCollaboratorCode } from '@amparo/shared/modules/talent.schema';
import { isValidDpi, normalizeDpi } from '@amparo/shared/identifiers';
import type { Db, Executor } from '../../db/client.ts';
import type { UserActor } from '../../lib/actor.ts';
import { diff, writeAudit } from '../../lib/audit.ts';
import { AppError, invalidField, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { geographyNames } from '../catalogs/catalogs.service.ts';
import { headquarterNames, headquarterOptions } from '../headquarters/headquarters.service.ts';
import * as repo from './collaborators.repository.ts';

/**
 * The collaborator registry (issue 27 section 4, key `talento_colaboradores`): whom a payroll row names, by DPI
 * (RENAP's CUI, Decreto 90-2005) or by code, each unique, at a headquarter. Issue 28 grows it into the talent file.
 * Every change is audited (entity `collaborator`, before and after) and so is every opening of one (`view`), as a
 * person's record is. Nothing here logs a collaborator's data.
 */

const ENTITY = 'collaborator';
type Input = z.output<typeof collaboratorInput>;

/** The written fields, for the audit's before/after. */
const pick = (c: Collaborator) => ({
  code: c.code,
  dpi: c.dpi,
  firstNames: c.firstNames,
  lastNames: c.lastNames,
  headquarterId: c.headquarterId,
  active: c.active,
});

const fullNameOf = (r: { firstNames: string; lastNames: string }) => `${r.firstNames} ${r.lastNames}`;

function toCollaborator(r: repo.CollaboratorRow, headquarters: Map<string, string>): Collaborator {
  return {
    id: r.id,
    code: r.code,
    dpi: r.dpi,
    firstNames: r.firstNames,
    lastNames: r.lastNames,
    fullName: fullNameOf(r),
    headquarterId: r.headquarterId,
    headquarterName: headquarters.get(r.headquarterId) ?? '',
    active: r.active,
    version: r.version,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

async function toCollaborators(db: Executor, rows: repo.CollaboratorRow[]): Promise<Collaborator[]> {
  const names = await headquarterNames(
    db,
    rows.map((r) => r.headquarterId),
  );
  return rows.map((r) => toCollaborator(r, names));
}

/**
 * The headquarter exists (400 `unknown_code` on `headquarterId`) and is active (`inactive`), unless it is the one
 * the collaborator already had (`kept`): a headquarter deactivated since keeps its collaborators.
 */
async function checkHeadquarter(db: Executor, headquarterId: string, kept: string | null) {
  const hq = (await headquarterOptions(db)).find((h) => h.value === headquarterId);
  if (!hq) throw invalidField('headquarterId', 'unknown_code');
  if (!hq.active && headquarterId !== kept) throw invalidField('headquarterId', 'inactive');
}

/**
 * The DPI's last four digits name an INE municipality (RENAP, Decreto 90-2005: the CUI ends with the department and
 * municipality of registration; the newer ones included, 0514 Sipacate, 1333 Petatán): 400 `dpi_invalid` otherwise.
 * The check digit and the department were checked by the schema.
 */
async function checkDpiPlace(db: Executor, dpi: string) {
  const { municipalities } = await geographyNames(db);
  if (!isValidDpi(dpi, new Set(municipalities.keys()))) throw invalidField('dpi', 'dpi_invalid');
}

/** A code or a DPI taken by another collaborator (the unique indexes): 409 `duplicate` on that field. */
function mapDbError(err: unknown): never {
  if (isUniqueViolation(err, 'collaborators_code_key'))
    throw new AppError(409, 'duplicate', [{ field: 'code', code: 'duplicate' }]);
  if (isUniqueViolation(err, 'collaborators_dpi_key'))
    throw new AppError(409, 'duplicate', [{ field: 'dpi', code: 'duplicate' }]);
  throw err;
}

/** One collaborator, unaudited (the writes' before and after). 404 `not_found`. */
async function loadCollaborator(db: Executor, id: string): Promise<Collaborator> {
  const row = await repo.findCollaborator(db, id);
  if (!row) throw notFound();
  return (await toCollaborators(db, [row]))[0]!;
}

/**
 * A page of collaborators by last names then first names (`GET /api/talent/collaborators`): `q` by words over the
 * names, or the beginning of a code or a DPI; `active` all, active or inactive. Paged on the server (`total` exact,
 * `totalCapped` false).
 */
export async function listCollaborators(db: Db, query: z.output<typeof collaboratorListQuery>) {
  const { items, total } = await repo.listCollaborators(db, query);
  return {
    items: await toCollaborators(db, items),
    page: query.page,
    pageSize: query.pageSize,
    total,
    totalCapped: false,
  };
}

/**
 * Opens one collaborator (`GET /api/talent/collaborators/:id`): 404 `not_found`. Each opening writes a `view`
 * entry on the collaborator (empty changes, as opening a person's record does), awaited before answering, so no
 * unaudited read leaves the server.
 */
export async function getCollaborator(db: Executor, actor: UserActor, id: string): Promise<Collaborator> {
  const found = await loadCollaborator(db, id);
  await writeAudit(db, actor, { action: 'view', entity: ENTITY, entityId: id });
  return found;
}

/**
 * Registers a collaborator (`POST /api/talent/collaborators`; issue 27 section 4), active: the schema's checks
 * (code's shape, DPI check digit `dpi_invalid`, names), then the headquarter exists and is active (400
 * `unknown_code`, `inactive` on `headquarterId`); 409 `duplicate` on `code` or `dpi` when another collaborator
 * has it (the unique indexes decide, so two parallel registrations cannot both pass). Audited (`create`).
 */
export async function createCollaborator(db: Db, actor: UserActor, body: Input): Promise<Collaborator> {
  try {
    return await inTransaction(db, async (tx) => {
      await checkDpiPlace(tx, body.dpi);
      await checkHeadquarter(tx, body.headquarterId, null);
      const id = await repo.insertCollaborator(tx, { ...body, createdBy: actor.userId, updatedBy: actor.userId });
      const created = await loadCollaborator(tx, id);
      await writeAudit(tx, actor, {
        action: 'create',
        entity: ENTITY,
        entityId: id,
        changes: diff(null, pick(created)),
      });
      return created;
    });
  } catch (err) {
    mapDbError(err);
  }
}

/**
 * Edits a collaborator (`PUT /api/talent/collaborators/:id`) at the version the editor saw: 409
 * `version_conflict` when it changed since, 404 `not_found`, and the checks of `createCollaborator` (the
 * headquarter the collaborator already had may be inactive). `active` false deactivates: a collaborator is never
 * deleted, as executed payroll names them. Audited (`update`, before and after).
 */
export async function updateCollaborator(
  db: Db,
  actor: UserActor,
  id: string,
  body: z.output<typeof collaboratorUpdate>,
): Promise<Collaborator> {
  try {
    return await inTransaction(db, async (tx) => {
      const before = await loadCollaborator(tx, id);
      await checkDpiPlace(tx, body.dpi);
      await checkHeadquarter(tx, body.headquarterId, before.headquarterId);
      const { version, ...values } = body;
      await repo.updateCollaborator(tx, id, version, { ...values, updatedBy: actor.userId });
      const after = await loadCollaborator(tx, id);
      await writeAudit(tx, actor, {
        action: 'update',
        entity: ENTITY,
        entityId: id,
        changes: diff(pick(before), pick(after)),
      });
      return after;
    });
  } catch (err) {
    mapDbError(err);
  }
}

/** What the payroll import needs of a collaborator (issue 27 section 4). */
export interface CollaboratorKeyMatch {
  id: string;
  code: string;
  dpi: string;
  fullName: string;
  headquarterId: string;
  active: boolean;
}

/**
 * Collaborators by DPI (13 digits, normalised) or code (upper case): each key given maps to the one it names,
 * active or not.
 *
 * For the payroll import (issue 27 section 4: a row names its collaborator by DPI or by code). Each key is taken
 * trimmed: as a DPI once spaces and hyphens are dropped (when that leaves 13 digits), and as a code upper-cased.
 * A key that is one collaborator's DPI names that one, even if it were also another's code (a DPI is the
 * person's identity, RENAP's CUI, Decreto 90-2005). The answer's keys are the keys exactly as given; a key naming
 * nobody is absent. Any number of keys (a payroll file has up to 10,000 rows) is one statement: the DPIs and the
 * codes go as two array parameters. Unaudited and without an actor: the import audits what it writes. Reads no
 * personal data into any log.
 */
export async function collaboratorsByKeys(db: Executor, keys: string[]): Promise<Map<string, CollaboratorKeyMatch>> {
  const found = new Map<string, CollaboratorKeyMatch>();
  const unique = [...new Set(keys)];
  if (unique.length === 0) return found;
  const forms = unique.map((key) => {
    const trimmed = key.trim();
    const dpi = normalizeDpi(trimmed);
    return { key, dpi: /^\d{13}$/.test(dpi) ? dpi : null, code: normalizeCollaboratorCode(trimmed) };
  });
  const dpis = [...new Set(forms.flatMap((f) => (f.dpi ? [f.dpi] : [])))];
  const codes = [...new Set(forms.map((f) => f.code).filter((c) => c.length > 0))];
  const rows = await repo.collaboratorsWithKeys(db, dpis, codes);
  const byDpi = new Map(rows.map((r) => [r.dpi, r]));
  const byCode = new Map(rows.map((r) => [r.code, r]));
  for (const f of forms) {
    const r = (f.dpi ? byDpi.get(f.dpi) : undefined) ?? byCode.get(f.code);
    if (r)
      found.set(f.key, {
        id: r.id,
        code: r.code,
        dpi: r.dpi,
        fullName: fullNameOf(r),
        headquarterId: r.headquarterId,
        active: r.active,
      });
  }
  return found;
}

/**
 * A few active collaborators (at most `limit`, by code) for the payroll template's example and reference sheet
 * (issue 27 section 4): `{ id, code, dpi, fullName, headquarterId }`. Unaudited, as `collaboratorsByKeys`; a
 * `limit` below 1 gives none.
 */
export async function collaboratorSamples(
  db: Executor,
  limit: number,
): Promise<{ id: string; code: string; dpi: string; fullName: string; headquarterId: string }[]> {
  if (!(limit >= 1)) return [];
  const rows = await repo.activeCollaboratorsByCode(db, Math.floor(limit));
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    dpi: r.dpi,
    fullName: fullNameOf(r),
    headquarterId: r.headquarterId,
  }));
}

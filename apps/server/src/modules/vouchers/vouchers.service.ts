import type { z } from 'zod';
import type {
  VoucherMovement,
  VoucherRange,
  voucherMovementQuery,
  voucherRangeInput,
  voucherRangeListQuery,
  voucherRangeUpdate,
} from '@amparo/shared/modules/vouchers.schema';
import { todayInGuatemala } from '@amparo/shared/format';
import type { Db, Executor } from '../../db/client.ts';
import type { Actor, UserActor } from '../../lib/actor.ts';
import { diff, writeAudit } from '../../lib/audit.ts';
import { AppError, invalidField, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { valueAt } from '../../lib/settings/settings.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { headquarterNames } from '../headquarters/headquarters.service.ts';
import * as repo from './vouchers.repository.ts';

/**
 * Vouchers (issue 26 section 2, key `configuracion_vales`): ranges of numbered vouchers and every movement of
 * each number. The counts of a range change only here, under the range's row lock and in the same transaction
 * as the numbers they count, and the database refuses counts that do not add up (`voucher_ranges_counts_check`).
 * Range changes are audited (entity `voucher_range`); each number's trail is `voucher_movements` (append-only).
 */

const ENTITY = 'voucher_range';
type Input = z.output<typeof voucherRangeInput>;

/** The record a voucher is reserved for: an expense request (issue 26 section 3), by type and id. */
export interface VoucherReference {
  type: string;
  id: string;
}

/** Today in Guatemala and the warning window of the setting `voucher_expiry_warning_days` in force today. */
async function clockOf(db: Executor): Promise<repo.StateClock> {
  const today = todayInGuatemala();
  return { today, warningDays: await valueAt(db, 'voucher_expiry_warning_days', today) };
}

function toRange(found: { row: repo.VoucherRangeRow; state: VoucherRange['state'] }, names: Map<string, string>) {
  const r = found.row;
  return {
    id: r.id,
    kind: r.kind as VoucherRange['kind'],
    series: r.series,
    description: r.description,
    start: r.firstNumber,
    end: r.lastNumber,
    total: r.lastNumber - r.firstNumber + 1,
    available: r.available,
    reserved: r.reserved,
    used: r.used,
    voided: r.voided,
    expiresOn: r.expiresOn,
    faceValue: r.faceValue,
    headquarterId: r.headquarterId,
    headquarterName: r.headquarterId ? (names.get(r.headquarterId) ?? null) : null,
    notes: r.notes,
    active: r.active,
    state: found.state,
    version: r.version,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  } satisfies VoucherRange;
}

/** The written fields, for the audit's before/after. */
const pick = (v: VoucherRange) => ({
  kind: v.kind,
  series: v.series,
  description: v.description,
  start: v.start,
  end: v.end,
  expiresOn: v.expiresOn,
  faceValue: v.faceValue,
  headquarterId: v.headquarterId,
  notes: v.notes,
  active: v.active,
});

const columnsOf = (body: Input) => ({
  kind: body.kind,
  series: body.series,
  description: body.description,
  firstNumber: body.start,
  lastNumber: body.end,
  expiresOn: body.expiresOn,
  faceValue: body.faceValue,
  headquarterId: body.headquarterId,
  notes: body.notes,
  active: body.active,
});

/** The headquarter exists: 400 `unknown_code` on `headquarterId`. */
async function checkHeadquarter(db: Executor, id: string | null) {
  if (id && !(await headquarterNames(db, [id])).has(id)) throw invalidField('headquarterId', 'unknown_code');
}

/** No other range of the series shares a number: 409 `voucher_range_overlap` on `start` (params: the other range). */
async function checkOverlap(db: Executor, body: Input, except?: string) {
  const other = await repo.findOverlap(db, body.series, body.start, body.end, except);
  if (other) throw overlap(other);
}

const overlap = (other: { series: string; start: number; end: number }) =>
  new AppError(409, 'voucher_range_overlap', [{ field: 'start', code: 'voucher_range_overlap', params: other }]);

/** Two ranges written at once past the check meet on the unique (series, number) index: the same 409. */
function mapDbError(err: unknown, body: Input): never {
  if (isUniqueViolation(err, 'vouchers_series_number_key'))
    throw overlap({ series: body.series, start: body.start, end: body.end });
  throw err;
}

/**
 * A page of ranges (`GET /api/vouchers`), soonest expiry first, each with its counts and state today;
 * `headquarterId` (the request form's lookup): that headquarter's ranges and those of none.
 */
export async function listRanges(
  db: Executor,
  query: z.output<typeof voucherRangeListQuery> & { headquarterId?: string },
) {
  const clock = await clockOf(db);
  const { items, total } = await repo.listRanges(db, query, clock);
  const names = await headquarterNames(
    db,
    items.map((i) => i.row.headquarterId),
  );
  return {
    items: items.map((i) => toRange(i, names)),
    page: query.page,
    pageSize: query.pageSize,
    total,
    totalCapped: false,
  };
}

/** One range with its counts and state today. 404 `not_found`. */
export async function getRange(db: Executor, id: string): Promise<VoucherRange> {
  const found = await repo.findRange(db, id, await clockOf(db));
  if (!found) throw notFound();
  return toRange(found, await headquarterNames(db, [found.row.headquarterId]));
}

/**
 * Creates a range and its numbers, all available (`POST /api/vouchers`): 400 `voucher_range_order` or `too_big`
 * on `end` (the schema), `unknown_code` on `headquarterId`; 409 `voucher_range_overlap` when another range of the
 * series holds one of its numbers (checked, and enforced by the unique index under parallel writes). Audited.
 */
export async function createRange(db: Db, actor: UserActor, body: Input): Promise<VoucherRange> {
  try {
    return await inTransaction(db, async (tx) => {
      await checkHeadquarter(tx, body.headquarterId);
      await checkOverlap(tx, body);
      const id = await repo.insertRange(tx, {
        ...columnsOf(body),
        available: body.end - body.start + 1,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      });
      const created = await getRange(tx, id);
      await writeAudit(tx, actor, {
        action: 'create',
        entity: ENTITY,
        entityId: id,
        changes: diff(null, pick(created)),
      });
      return created;
    });
  } catch (err) {
    mapDbError(err, body);
  }
}

/**
 * Edits a range at the version the editor saw (`PUT /api/vouchers/:id`): 409 `version_conflict`, 404, the checks
 * of create. Its series and numbers change only while no number ever moved (409 `voucher_range_in_use`, field
 * errors on what changed); its description, expiry, face value, headquarter, notes and active flag always.
 * Audited (before and after).
 */
export async function updateRange(
  db: Db,
  actor: UserActor,
  id: string,
  body: z.output<typeof voucherRangeUpdate>,
): Promise<VoucherRange> {
  try {
    return await inTransaction(db, async (tx) => {
      const found = await repo.findRange(tx, id, await clockOf(tx), true);
      if (!found) throw notFound();
      const before = toRange(found, await headquarterNames(tx, [found.row.headquarterId]));
      await checkHeadquarter(tx, body.headquarterId);
      const renumbered = body.series !== before.series || body.start !== before.start || body.end !== before.end;
      if (renumbered) {
        if (await repo.hasMovements(tx, id)) {
          const changed = (['series', 'start', 'end'] as const).filter((f) => body[f] !== before[f]);
          throw new AppError(
            409,
            'voucher_range_in_use',
            changed.map((field) => ({ field, code: 'voucher_range_in_use' })),
          );
        }
        await checkOverlap(tx, body, id);
      }
      const { version, ...values } = body;
      await repo.updateRange(tx, id, version, {
        ...columnsOf(values),
        ...(renumbered ? { available: body.end - body.start + 1 } : {}),
        updatedBy: actor.userId,
      });
      if (renumbered) await repo.renumber(tx, id, body.series, body.start, body.end);
      const after = await getRange(tx, id);
      await writeAudit(tx, actor, {
        action: 'update',
        entity: ENTITY,
        entityId: id,
        changes: diff(pick(before), pick(after)),
      });
      return after;
    });
  } catch (err) {
    mapDbError(err, body);
  }
}

/** A page of a range's movements, newest first (`GET /api/vouchers/:id/movements`). 404 for an unknown range. */
export async function listMovements(db: Db, id: string, query: z.output<typeof voucherMovementQuery>) {
  await getRange(db, id);
  const { items, total } = await repo.listMovements(db, id, query);
  return {
    items: items.map(({ movement: m, actorName }): VoucherMovement => ({
      id: m.id,
      number: m.number,
      kind: m.kind as VoucherMovement['kind'],
      referenceType: m.referenceType,
      referenceId: m.referenceId,
      note: m.note,
      actorName,
      at: m.at.toISOString(),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total,
    totalCapped: false,
  };
}

/** The range locked for a change of its numbers: 404 when unknown. */
async function lockedRange(tx: Executor, rangeId: string) {
  const found = await repo.findRange(tx, rangeId, await clockOf(tx), true);
  if (!found) throw notFound();
  return found;
}

/** The number is one of the range's: 400 `voucher_number_outside` on `field` (params start, end). */
function checkInRange(row: repo.VoucherRangeRow, number: number, field = 'number') {
  if (number < row.firstNumber || number > row.lastNumber)
    throw invalidField(field, 'voucher_number_outside', { start: row.firstNumber, end: row.lastNumber });
}

/**
 * Voids an available number (lost, damaged) with its reason (`POST /api/vouchers/:id/void`): it is never issued
 * and counts as voided. 400 `voucher_number_outside`; 409 `voucher_not_available` (params number, status) when
 * it is reserved, used or voided already. One movement `voided`; audited.
 */
export async function voidVoucher(
  db: Db,
  actor: UserActor,
  rangeId: string,
  body: { number: number; reason: string },
): Promise<VoucherRange> {
  return inTransaction(db, async (tx) => {
    const found = await lockedRange(tx, rangeId);
    checkInRange(found.row, body.number);
    const current = await repo.numberStatus(tx, rangeId, body.number);
    if (current?.status !== 'available')
      throw new AppError(409, 'voucher_not_available', [
        { field: 'number', code: 'voucher_not_available', params: { number: body.number, status: current?.status } },
      ]);
    await repo.setStatus(tx, rangeId, [body.number], 'voided');
    await repo.moveCounts(tx, rangeId, { available: -1, voided: 1 });
    await repo.insertMovements(tx, [
      { rangeId, number: body.number, kind: 'voided', note: body.reason, actorId: actor.userId },
    ]);
    await writeAudit(tx, actor, {
      action: 'update',
      entity: ENTITY,
      entityId: rangeId,
      changes: { voided: { before: null, after: { number: body.number, reason: body.reason } } },
    });
    return getRange(tx, rangeId);
  });
}

/**
 * Reserves `count` numbers of a range for a record (called by the expense requests on approval, issue 26
 * section 2), inside the caller's transaction: the lowest available numbers, under the range's row lock, so
 * parallel issues never share a number and the counts stay exact. Refused with nothing written: 404 for an
 * unknown range; 409 `voucher_range_inactive`; 409 `voucher_range_expired` when `on` (a date, America/Guatemala;
 * default today) is past its expiry; 409 `voucher_range_exhausted` (field `count`, params available) when fewer
 * are left. Returns the numbers, ascending.
 */
export async function issueVouchers(
  tx: Executor,
  actor: Actor,
  input: { rangeId: string; count: number; reference: VoucherReference; on?: string },
): Promise<number[]> {
  if (!Number.isInteger(input.count) || input.count < 1) throw new TypeError('issueVouchers(): count must be ≥ 1');
  const { row } = await lockedRange(tx, input.rangeId);
  if (!row.active) throw new AppError(409, 'voucher_range_inactive');
  if (row.expiresOn < (input.on ?? todayInGuatemala())) throw new AppError(409, 'voucher_range_expired');
  if (row.available < input.count)
    throw new AppError(409, 'voucher_range_exhausted', [
      { field: 'count', code: 'voucher_range_exhausted', params: { available: row.available } },
    ]);
  const numbers = await repo.reserveLowest(tx, row.id, input.count, input.reference);
  await repo.moveCounts(tx, row.id, { available: -numbers.length, reserved: numbers.length });
  await repo.insertMovements(
    tx,
    numbers.map((number) => ({
      rangeId: row.id,
      number,
      kind: 'reserved' as const,
      referenceType: input.reference.type,
      referenceId: input.reference.id,
      actorId: actor.userId,
    })),
  );
  return numbers;
}

/** The record's reserved numbers of one range, checked: 409 `voucher_not_available` for one it does not hold. */
async function heldBy(tx: Executor, rangeId: string, numbers: number[], reference: VoucherReference) {
  const held = new Set(
    (await repo.reservedFor(tx, reference)).filter((v) => v.rangeId === rangeId).map((v) => v.number),
  );
  for (const number of numbers)
    if (!held.has(number)) {
      const current = await repo.numberStatus(tx, rangeId, number);
      throw new AppError(409, 'voucher_not_available', [
        { field: 'number', code: 'voucher_not_available', params: { number, status: current?.status ?? null } },
      ]);
    }
}

/**
 * Settles a record's reserved numbers of a range at liquidation (issue 26 section 2; the liquidation is issue
 * 27): `used` ones are spent, `returned` ones come back unused and are available again. Inside the caller's
 * transaction, under the range's lock; 409 `voucher_not_available` for a number the record does not hold
 * reserved (nothing written). One movement per number.
 */
export async function settleVouchers(
  tx: Executor,
  actor: Actor,
  input: { rangeId: string; reference: VoucherReference; used: number[]; returned: number[] },
): Promise<void> {
  const { row } = await lockedRange(tx, input.rangeId);
  const all = [...input.used, ...input.returned];
  if (new Set(all).size !== all.length) throw new TypeError('settleVouchers(): a number is both used and returned');
  all.forEach((n) => checkInRange(row, n));
  await heldBy(tx, row.id, all, input.reference);
  await repo.setStatus(tx, row.id, input.used, 'used');
  await repo.setStatus(tx, row.id, input.returned, 'available');
  await repo.moveCounts(tx, row.id, {
    reserved: -all.length,
    used: input.used.length,
    available: input.returned.length,
  });
  const movement = (kind: 'used' | 'returned') => (number: number) => ({
    rangeId: row.id,
    number,
    kind,
    referenceType: input.reference.type,
    referenceId: input.reference.id,
    actorId: actor.userId,
  });
  await repo.insertMovements(tx, [...input.used.map(movement('used')), ...input.returned.map(movement('returned'))]);
}

/**
 * Releases every number a record holds reserved (its final rejection, issue 26 section 4): they are available
 * again, one `released` movement each with the `note` (the reason). Inside the caller's transaction, each range
 * under its lock. Returns how many were released.
 */
export async function releaseVouchers(
  tx: Executor,
  actor: Actor,
  reference: VoucherReference,
  note: string | null = null,
): Promise<number> {
  const held = await repo.reservedFor(tx, reference);
  let released = 0;
  // Ranges in a fixed order, so two releases never lock two ranges in opposite orders.
  for (const rangeId of [...new Set(held.map((v) => v.rangeId))].sort()) {
    await lockedRange(tx, rangeId);
    // Read again under the lock: a settlement may have taken some since.
    const numbers = (await repo.reservedFor(tx, reference)).filter((v) => v.rangeId === rangeId).map((v) => v.number);
    if (!numbers.length) continue;
    await repo.setStatus(tx, rangeId, numbers, 'available');
    await repo.moveCounts(tx, rangeId, { reserved: -numbers.length, available: numbers.length });
    released += numbers.length;
    await repo.insertMovements(
      tx,
      numbers.map((number) => ({
        rangeId,
        number,
        kind: 'released' as const,
        referenceType: reference.type,
        referenceId: reference.id,
        note,
        actorId: actor.userId,
      })),
    );
  }
  return released;
}

/**
 * The numbers a record holds (reserved, or used at its liquidation), as printed: series and number zero-padded to
 * six digits ('CC-000123'), ascending. Numbers returned or released are no longer the record's.
 */
export async function vouchersHeldBy(db: Executor, reference: VoucherReference) {
  return (await repo.heldFor(db, reference)).map((v) => ({
    rangeId: v.rangeId,
    number: v.number,
    status: v.status as 'reserved' | 'used',
    label: `${v.series}-${String(v.number).padStart(6, '0')}`,
  }));
}

import type { UserActor } from '../../../lib/actor.ts';
import type { Content } from '../../../lib/content.ts';
import type { z } from 'zod';
import type { Consent, consentInput, readmissionInput } from '@amparo/shared/modules/population-file.schema';
import { PHOTO_TYPES } from '@amparo/shared/modules/auth.schema';
import { todayInGuatemala } from '@amparo/shared/format';
import type { Db } from '../../../db/client.ts';
import { invalidFields, notFound } from '../../../lib/errors.ts';
import { diff, writeAudit } from '../../../lib/audit.ts';
import { updateVersioned } from '../../../lib/versioned.ts';
import type { FileStore } from '../../../lib/storage.ts';
import { receiveUpload, type UploadSource } from '../../../lib/uploads.ts';
import { abandonStaged, commitStaged, removeUnreferenced } from '../../../lib/file-gc.ts';
import { makeThumbnail } from '../../../lib/images.ts';
import { persons } from '../../../db/schema.ts';
import { codesByCatalog } from '../../catalogs/catalogs.service.ts';
import { requireAccess } from '../../../lib/access.ts';
import { auditRead } from '../../../lib/read-audit.ts';
import * as repo from './person-file.repository.ts';
import * as population from '../persons/persons.repository.ts';

/**
 * A person's admission periods, consents and photo (issue 4). Read needs the
 * person's read grant, changes its write grant; all changes are audited on
 * the person.
 */

const ENTITY = 'person';
const THUMB_WIDTH = 240;

async function person(db: Db, id: string) {
  const row = await population.findPerson(db, id);
  if (!row) throw notFound();
  return row;
}

/** Every period, oldest first; the last one is the person's current record. A read (`audited`) is audited on the person. */
export async function listPeriods(db: Db, actor: UserActor, personId: string, audited = true) {
  await requireAccess(db, personId, actor.userId, 'canRead');
  const p = await person(db, personId);
  if (audited) await auditRead(db, actor, personId, 'periods');
  const closed = (await repo.periodsOf(db, personId)).map((r) => ({
    admissionDate: r.admissionDate,
    admissionReason: r.admissionReason,
    referrer: r.referrer,
    departureDate: r.departureDate,
    departureReason: r.departureReason,
    departureNote: r.departureNote,
    current: false,
  }));
  return [
    ...closed,
    {
      admissionDate: p.admissionDate,
      admissionReason: p.admissionReason,
      referrer: p.referrer,
      departureDate: p.departureDate,
      departureReason: p.departureReason,
      departureNote: p.departureNote,
      current: true,
    },
  ];
}

/**
 * Opens a new period for a person whose file a departure closed: the closed
 * period is kept in `person_periods` and the record's admission starts over
 * (409 `version_conflict` when stale; 400 when the person is still admitted or
 * the date is before the departure).
 */
export async function readmit(db: Db, actor: UserActor, personId: string, body: z.output<typeof readmissionInput>) {
  await db.transaction(async (tx) => {
    await requireAccess(tx, personId, actor.userId, 'canWrite');
    const p = await person(tx as Db, personId);
    if (!p.departureDate || p.departureDate > todayInGuatemala())
      throw invalidFields([{ field: 'admissionDate', code: 'invalid' }]);
    if (body.admissionDate < p.departureDate) throw invalidFields([{ field: 'admissionDate', code: 'date_order' }]);
    if (body.referrer) {
      const referrers = (await codesByCatalog(tx, ['referrer'])).get('referrer');
      if (!referrers?.get(body.referrer)) throw invalidFields([{ field: 'referrer', code: 'unknown_code' }]);
    }
    await repo.insertPeriod(tx, {
      personId,
      admissionDate: p.admissionDate,
      admissionReason: p.admissionReason,
      referrer: p.referrer,
      departureDate: p.departureDate,
      departureReason: p.departureReason,
      departureNote: p.departureNote,
      closedBy: actor.userId,
    });
    const next = {
      admissionDate: body.admissionDate,
      admissionReason: body.admissionReason,
      referrer: body.referrer,
      departureDate: null,
      departureReason: null,
      departureNote: null,
    };
    await updateVersioned(tx, persons, personId, body.version, { ...next, updatedBy: actor.userId });
    const before = {
      admissionDate: p.admissionDate,
      admissionReason: p.admissionReason,
      referrer: p.referrer,
      departureDate: p.departureDate,
      departureReason: p.departureReason,
      departureNote: p.departureNote,
    };
    await writeAudit(tx, actor, {
      action: 'readmission',
      entity: ENTITY,
      entityId: personId,
      changes: diff(before, next),
    });
  });
  return listPeriods(db, actor, personId, false);
}

/** The person's consents (read grant); a read (`audited`) is audited on the person. */
export async function listConsents(db: Db, actor: UserActor, personId: string, audited = true): Promise<Consent[]> {
  await requireAccess(db, personId, actor.userId, 'canRead');
  if (audited) await auditRead(db, actor, personId, 'consents');
  return (await repo.consentsOf(db, personId)).map(
    ({ consent: c, documentTitle, guardianNames, guardianLastNames }) => ({
      kind: c.kind,
      granted: c.granted,
      givenOn: c.givenOn,
      givenBy: c.givenBy,
      guardianLinkId: c.guardianLinkId,
      // A registered guardian's name lives on their own file (and its grants); an outsider's is on the link.
      guardianName: guardianNames ? `${guardianNames} ${guardianLastNames ?? ''}`.trim() : null,
      documentId: c.documentId,
      documentTitle,
      notes: c.notes,
      updatedAt: c.updatedAt.toISOString(),
    }),
  );
}

/** Records (or changes) one kind of consent; the guardian must be among the person's links, the document one the user may read. */
export async function setConsent(db: Db, actor: UserActor, personId: string, body: z.output<typeof consentInput>) {
  await db.transaction(async (tx) => {
    await requireAccess(tx, personId, actor.userId, 'canWrite');
    if (
      body.givenBy === 'guardian' &&
      body.guardianLinkId &&
      !(await repo.findLinkOf(tx, personId, body.guardianLinkId))
    ) {
      throw invalidFields([{ field: 'guardianLinkId', code: 'unknown_code' }]);
    }
    // The signed consent must be one of this person's documents. Another person's document is refused as reading
    // it would be (403 without a grant on them), so the answer tells nothing of documents the caller may not see.
    const owner = body.documentId ? await repo.documentOwner(tx, body.documentId) : personId;
    if (owner !== personId) {
      if (owner) await requireAccess(tx, owner, actor.userId, 'canRead');
      throw invalidFields([{ field: 'documentId', code: 'unknown_code' }]);
    }
    const before = await repo.findConsent(tx, personId, body.kind);
    const values = {
      granted: body.granted,
      givenOn: body.givenOn,
      givenBy: body.givenBy,
      guardianLinkId: body.givenBy === 'guardian' ? body.guardianLinkId : null,
      documentId: body.documentId,
      notes: body.notes,
    };
    await repo.upsertConsent(tx, {
      personId,
      kind: body.kind,
      ...values,
      createdBy: actor.userId,
      updatedBy: actor.userId,
    });
    const pick = (c: typeof before) =>
      c
        ? {
            granted: c.granted,
            givenOn: c.givenOn,
            givenBy: c.givenBy,
            guardianLinkId: c.guardianLinkId,
            documentId: c.documentId,
            notes: c.notes,
          }
        : null;
    await writeAudit(tx, actor, {
      action: 'consent',
      entity: ENTITY,
      entityId: personId,
      changes: { [`consent:${body.kind}`]: { before: pick(before), after: values } },
    });
  });
  return listConsents(db, actor, personId, false);
}

/** Whether the person has a photo and an image-use consent; a read (`audited`) is audited on the person. */
export async function photoInfo(db: Db, actor: UserActor, personId: string, audited = true) {
  await requireAccess(db, personId, actor.userId, 'canRead');
  if (audited) await auditRead(db, actor, personId, 'photo_info');
  const photo = await repo.photoOf(db, personId);
  const image = await repo.findConsent(db, personId, 'image_use');
  return { hasPhoto: !!photo?.key, imageConsent: !!image?.granted };
}

/** Stores the person's photo (PNG or JPEG by content) with a thumbnail; the previous photo's bytes go afterwards. */
export async function setPhoto(
  db: Db,
  store: FileStore,
  actor: UserActor,
  upload: UploadSource,
  personId: string,
  maxBytes: number,
) {
  await requireAccess(db, personId, actor.userId, 'canWrite');
  const file = await receiveUpload(upload, store, {
    field: 'photo',
    maxBytes,
    allowed: PHOTO_TYPES,
    typeError: 'image_type',
  });
  let thumb: Awaited<ReturnType<typeof makeThumbnail>>['thumb'] | null = null;
  let previous: Awaited<ReturnType<typeof repo.photoOf>>;
  try {
    const staged = (await makeThumbnail(store, file.staged, THUMB_WIDTH, maxBytes, 'photo')).thumb;
    thumb = staged;
    previous = await db.transaction(async (tx) => {
      await requireAccess(tx, personId, actor.userId, 'canWrite');
      const old = await repo.photoOf(tx, personId);
      await commitStaged(tx, [file.staged, staged]);
      await repo.setPhoto(tx, personId, { key: file.key, thumb: staged.key, mime: file.mime }, actor.userId);
      await writeAudit(tx, actor, {
        action: 'photo',
        entity: ENTITY,
        entityId: personId,
        changes: { photo: { before: old?.key ? 'photo' : null, after: `${file.mime}, ${file.sizeBytes} bytes` } },
      });
      return old;
    });
  } catch (err) {
    await abandonStaged(db, store, [file.staged, thumb]);
    throw err;
  }
  // The old photo's bytes go once the new one is committed (unless the same image was uploaded again).
  if (previous?.key) await removeUnreferenced(db, store, [previous.key, previous.thumb ?? '']);
  return photoInfo(db, actor, personId, false);
}

/**
 * Removes the person's photo (write grant; 404 when there is none); audited. The stored bytes are collected once
 * no record refers to them (decision 0006).
 */
export async function deletePhoto(db: Db, store: FileStore, actor: UserActor, personId: string) {
  const old = await db.transaction(async (tx) => {
    await requireAccess(tx, personId, actor.userId, 'canWrite');
    const photo = await repo.photoOf(tx, personId);
    if (!photo?.key) throw notFound();
    await repo.setPhoto(tx, personId, { key: null, thumb: null, mime: null }, actor.userId);
    await writeAudit(tx, actor, {
      action: 'photo',
      entity: ENTITY,
      entityId: personId,
      changes: { photo: { before: 'photo', after: null } },
    });
    return photo;
  });
  await removeUnreferenced(db, store, [old.key!, old.thumb ?? '']);
  return photoInfo(db, actor, personId, false);
}

/**
 * The photo's bytes, for the person's own file (read grant). Lists, searches
 * and exports never carry person photos, so the image-use consent question
 * ('not shown outside their file') does not arise here.
 */
export async function photoContent(
  db: Db,
  store: FileStore,
  actor: UserActor,
  personId: string,
  size: 'thumb' | 'full',
): Promise<Content> {
  await requireAccess(db, personId, actor.userId, 'canRead');
  const photo = await repo.photoOf(db, personId);
  if (!photo?.key) throw notFound();
  await auditRead(db, actor, personId, 'photo', { size: { before: null, after: size } });
  return {
    mime: size === 'thumb' ? 'image/jpeg' : (photo.mime ?? 'application/octet-stream'),
    headers: { 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff' },
    body: await store.read(size === 'thumb' ? photo.thumb! : photo.key),
  };
}

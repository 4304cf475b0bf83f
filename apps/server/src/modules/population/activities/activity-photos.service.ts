import type { UserActor } from '../../../lib/actor.ts';
import type { Content } from '../../../lib/content.ts';
import { PHOTO_TYPES } from '@amparo/shared/modules/auth.schema';
import type { Db, Executor } from '../../../db/client.ts';
import { AppError, invalidField, invalidFields, noPersonAccess, notFound } from '../../../lib/errors.ts';
import { writeAudit, type AuditChanges } from '../../../lib/audit.ts';
import type { FileStore } from '../../../lib/storage.ts';
import { receiveUpload, type UploadSource } from '../../../lib/uploads.ts';
import { abandonStaged, commitStaged, removeUnreferenced } from '../../../lib/file-gc.ts';
import { makeThumbnail } from '../../../lib/images.ts';
import { readablePersons } from '../../../lib/access.ts';
import { getActivity, requireEditor } from './activities.service.ts';
import { photoViews } from './activity-photo-visibility.ts';
import * as repo from './activities.repository.ts';
import { allOf } from '../../../db/sql.ts';

/**
 * Activity photos (issue 4): PNG or JPEG by content with a THUMB_WIDTH px
 * thumbnail, who appears in each, and the image-use consent rule
 * (activity-photo-visibility.ts). Permission `poblacion_actividades`.
 */

const ENTITY = 'activity';
const THUMB_WIDTH = 320;
const photoHidden = () => new AppError(403, 'photo_hidden');

/** The photo of this activity (404 otherwise) with its visibility for the caller. */
async function viewOf(db: Executor, actor: UserActor, activityId: string, photoId: string) {
  const photo = await repo.findPhoto(db, photoId);
  if (!photo || photo.activityId !== activityId) throw notFound();
  const [participants, allParticipantIds, facilitators] = await allOf(db, [
    () => repo.participantsOf(db, activityId),
    () => repo.participantIdsOf(db, activityId),
    () => repo.facilitatorsOf(db, activityId),
  ]);
  const [view] = await photoViews(
    db,
    actor.userId,
    [photo],
    allParticipantIds,
    facilitators.map((f) => f.id),
  );
  // Tags name live participants only; visibility counts soft-deleted ones too.
  return { view: view!, participantIds: new Set(participants.map((p) => p.personId)), allParticipantIds };
}

/** Stores a photo (editors only, 403 `activity_not_editable`); until someone says who appears in it, it is hidden if a participant lacks image consent. */
export async function addPhoto(
  db: Db,
  store: FileStore,
  actor: UserActor,
  upload: UploadSource,
  id: string,
  maxBytes: number,
) {
  // Checked before the bytes are received, and again in the transaction that stores the photo.
  await db.transaction((tx) => requireEditor(tx, actor, id));
  const file = await receiveUpload(upload, store, {
    field: 'photo',
    maxBytes,
    allowed: PHOTO_TYPES,
    typeError: 'image_type',
  });
  let thumb: Awaited<ReturnType<typeof makeThumbnail>> | null = null;
  try {
    thumb = await makeThumbnail(store, file.staged, THUMB_WIDTH, maxBytes, 'photo');
    const { thumb: staged, width, height } = thumb;
    await db.transaction(async (tx) => {
      await requireEditor(tx, actor, id);
      await commitStaged(tx, [file.staged, staged]);
      const photoId = await repo.insertPhoto(tx, {
        activityId: id,
        storageKey: file.key,
        thumbKey: staged.key,
        mime: file.mime,
        width,
        height,
        sizeBytes: file.sizeBytes,
        uploadedBy: actor.userId,
      });
      await writeAudit(tx, actor, {
        action: 'photo_add',
        entity: ENTITY,
        entityId: id,
        changes: { [`photo:${photoId}`]: { before: null, after: `${file.mime}, ${file.sizeBytes} bytes` } },
      });
    });
  } catch (err) {
    await abandonStaged(db, store, [file.staged, thumb?.thumb]);
    throw err;
  }
  return getActivity(db, actor, id);
}

/** Deletes a photo and then its bytes (editors only, 403 `activity_not_editable`). */
export async function deletePhoto(db: Db, store: FileStore, actor: UserActor, id: string, photoId: string) {
  const keys = await db.transaction(async (tx) => {
    await requireEditor(tx, actor, id);
    const photo = await repo.findPhoto(tx, photoId);
    if (!photo || photo.activityId !== id) throw notFound();
    await repo.deletePhotos(tx, [photoId]);
    await writeAudit(tx, actor, {
      action: 'photo_delete',
      entity: ENTITY,
      entityId: id,
      changes: { [`photo:${photoId}`]: { before: photo.mime, after: null } },
    });
    return [photo.storageKey, photo.thumbKey];
  });
  await removeUnreferenced(db, store, keys);
  return getActivity(db, actor, id);
}

/**
 * Says who appears in a photo (editors only, 403 `activity_not_editable`):
 * `personIds` must be registered participants (400 `not_a_participant`) the
 * caller may read (403 `no_person_access`); tags of persons the caller may not
 * read are kept. Only someone who may open the photo tags it (403 `photo_hidden`),
 * or a manager.
 *
 * Issue 9 item 2: while the photo is hidden for lack of image consent, untagging
 * anyone or saying nobody is in it could show it to everyone, so it takes
 * `poblacion_actividades_gestion` (403 `activity_manager_required`) and a
 * `reason` (400 `reason` `required`). Hidden-ness and the uploader/facilitator
 * exception are judged on the state before the request (activity locked); the
 * tags change in one transaction, so no reader sees a half-done state.
 * Audited on the activity and on each person added or removed (with the
 * reason); when a hidden, unreviewed photo is said to show nobody, on each
 * participant lacking consent (`photo_marked_empty`).
 */
export async function setPhotoPersons(
  db: Db,
  actor: UserActor,
  id: string,
  photoId: string,
  personIds: string[],
  reason: string | null,
) {
  await db.transaction(async (tx) => {
    const rights = await requireEditor(tx, actor, id);
    const { view, participantIds, allParticipantIds } = await viewOf(tx, actor, id, photoId);
    if (!view.canView && !rights.canManage) throw photoHidden();
    const given = [...new Set(personIds)];
    const outsiders = given.flatMap((pid, i) =>
      participantIds.has(pid) ? [] : [{ field: `personIds.${i}`, code: 'not_a_participant' }],
    );
    if (outsiders.length) throw invalidFields(outsiders);
    const readable = await readablePersons(tx, [...new Set([...given, ...view.tagged])], actor.userId);
    if (given.some((pid) => !readable.has(pid))) throw noPersonAccess();
    const after = [...new Set([...given, ...view.tagged.filter((pid) => !readable.has(pid))])].sort();
    const before = [...view.tagged].sort();
    const removed = before.filter((p) => !after.includes(p));
    const exposing = view.hidden && (removed.length > 0 || after.length === 0);
    if (exposing && !rights.canManage) throw new AppError(403, 'activity_manager_required');
    if (exposing && !reason) throw invalidField('reason', 'required');
    const why: AuditChanges = exposing ? { reason: { before: null, after: reason } } : {};
    await repo.setPhotoPersons(tx, view.photo, after, actor.userId);
    await writeAudit(tx, actor, {
      action: 'photo_persons',
      entity: ENTITY,
      entityId: id,
      changes: { [`photo:${photoId}:persons`]: { before, after }, ...why },
    });
    for (const pid of after.filter((p) => !before.includes(p))) {
      await writeAudit(tx, actor, {
        action: 'photo_tag',
        entity: 'person',
        entityId: pid,
        changes: { activityPhoto: { before: null, after: `${id}/${photoId}` } },
      });
    }
    for (const pid of removed) {
      await writeAudit(tx, actor, {
        action: 'photo_untag',
        entity: 'person',
        entityId: pid,
        changes: { activityPhoto: { before: `${id}/${photoId}`, after: null }, ...why },
      });
    }
    if (exposing && before.length === 0 && after.length === 0) {
      // Unreviewed and hidden because some participant lacks consent: they are the persons this decision is about.
      for (const pid of allParticipantIds.filter((p) => !view.consented.has(p))) {
        await writeAudit(tx, actor, {
          action: 'photo_marked_empty',
          entity: 'person',
          entityId: pid,
          changes: { activityPhoto: { before: `${id}/${photoId}`, after: null }, ...why },
        });
      }
    }
  });
  return getActivity(db, actor, id);
}

/**
 * A photo's bytes, full size or thumbnail (JPEG). 403 `photo_hidden` when it
 * shows someone without image consent and the caller is not its uploader or a
 * facilitator; their opening of the full size is audited. Cached privately for
 * a minute only, so a withdrawn consent takes effect quickly.
 */
export async function photoContent(
  db: Db,
  store: FileStore,
  actor: UserActor,
  photoId: string,
  size: 'thumb' | 'full',
): Promise<Content> {
  const photo = await repo.findPhoto(db, photoId);
  if (!photo) throw notFound();
  const { view } = await viewOf(db, actor, photo.activityId, photoId);
  if (!view.canView) throw photoHidden();
  if (view.hidden && size === 'full') {
    await writeAudit(db, actor, {
      action: 'photo_view_hidden',
      entity: ENTITY,
      entityId: photo.activityId,
      changes: { [`photo:${photoId}`]: { before: null, after: 'opened' } },
    });
  }
  return {
    mime: size === 'thumb' ? 'image/jpeg' : photo.mime,
    headers: { 'cache-control': 'private, max-age=60', 'x-content-type-options': 'nosniff' },
    body: await store.read(size === 'thumb' ? photo.thumbKey : photo.storageKey),
  };
}

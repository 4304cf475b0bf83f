import type { FastifyReply, FastifyRequest } from 'fastify';
import { PHOTO_TYPES } from '@amparo/shared/modules/auth.schema';
import type { Db, Executor } from '../../db/client.ts';
import { AppError, invalidFields, noPersonAccess, notFound } from '../../lib/errors.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { FileStore } from '../../lib/storage.ts';
import { receiveUpload } from '../../lib/uploads.ts';
import { removeUnreferenced } from '../../lib/file-gc.ts';
import { makeThumbnail } from '../../lib/images.ts';
import { readablePersons } from '../../lib/access.ts';
import { getActivity, load } from './activities.service.ts';
import { photoViews } from './activity-photo-visibility.ts';
import * as repo from './activities.repository.ts';

/**
 * Activity photos (issue 4): PNG or JPEG by content with a THUMB_WIDTH px
 * thumbnail, who appears in each, and the image-use consent rule
 * (activity-photo-visibility.ts). Permission `poblacion_actividades`.
 */

const ENTITY = 'activity';
const THUMB_WIDTH = 320;
const me = (request: FastifyRequest) => request.auth!.userId;
const photoHidden = () => new AppError(403, 'photo_hidden');

/** The photo of this activity (404 otherwise) with its visibility for the caller. */
async function viewOf(db: Executor, request: FastifyRequest, activityId: string, photoId: string) {
  const photo = await repo.findPhoto(db, photoId);
  if (!photo || photo.activityId !== activityId) throw notFound();
  const [participants, facilitators] = await Promise.all([repo.participantsOf(db, activityId), repo.facilitatorsOf(db, activityId)]);
  const [view] = await photoViews(db, me(request), [photo], participants.map((p) => p.personId), facilitators.map((f) => f.id));
  return { view: view!, participantIds: new Set(participants.map((p) => p.personId)) };
}

/** Stores a photo; until someone says who appears in it, it is hidden if a participant lacks image consent. */
export async function addPhoto(db: Db, store: FileStore, request: FastifyRequest, id: string, maxBytes: number) {
  await load(db, id);
  const file = await receiveUpload(request, db, store, { field: 'photo', maxBytes, allowed: PHOTO_TYPES, typeError: 'image_type' });
  let thumbKey: string | null = null;
  try {
    const thumb = await makeThumbnail(store, file.key, THUMB_WIDTH, maxBytes, 'photo');
    thumbKey = thumb.thumbKey;
    await db.transaction(async (tx) => {
      await load(tx, id);
      const photoId = await repo.insertPhoto(tx, {
        activityId: id, storageKey: file.key, thumbKey: thumb.thumbKey, mime: file.mime, width: thumb.width, height: thumb.height,
        sizeBytes: file.sizeBytes, uploadedBy: me(request),
      });
      await writeAudit(tx, request, { action: 'photo_add', entity: ENTITY, entityId: id, changes: { [`photo:${photoId}`]: { before: null, after: `${file.mime}, ${file.sizeBytes} bytes` } } });
    });
  } catch (err) {
    await removeUnreferenced(db, store, [file.key, ...(thumbKey ? [thumbKey] : [])]);
    throw err;
  }
  return getActivity(db, request, id);
}

export async function deletePhoto(db: Db, store: FileStore, request: FastifyRequest, id: string, photoId: string) {
  const keys = await db.transaction(async (tx) => {
    await load(tx, id);
    const photo = await repo.findPhoto(tx, photoId);
    if (!photo || photo.activityId !== id) throw notFound();
    await repo.deletePhotos(tx, [photoId]);
    await writeAudit(tx, request, { action: 'photo_delete', entity: ENTITY, entityId: id, changes: { [`photo:${photoId}`]: { before: photo.mime, after: null } } });
    return [photo.storageKey, photo.thumbKey];
  });
  await removeUnreferenced(db, store, keys);
  return getActivity(db, request, id);
}

/**
 * Says who appears in a photo: `personIds` must be registered participants
 * (400 `not_a_participant`) the caller may read (403 `no_person_access`);
 * tags of persons the caller may not read are kept. Only someone who may open
 * the photo can tag it (403 `photo_hidden`). Audited on the activity and on
 * each person added or removed.
 */
export async function setPhotoPersons(db: Db, request: FastifyRequest, id: string, photoId: string, personIds: string[]) {
  await db.transaction(async (tx) => {
    await load(tx, id);
    const { view, participantIds } = await viewOf(tx, request, id, photoId);
    if (!view.canView) throw photoHidden();
    const given = [...new Set(personIds)];
    const outsiders = given.flatMap((pid, i) => (participantIds.has(pid) ? [] : [{ field: `personIds.${i}`, code: 'not_a_participant' }]));
    if (outsiders.length) throw invalidFields(outsiders);
    const readable = await readablePersons(tx, [...new Set([...given, ...view.tagged])], me(request));
    if (given.some((pid) => !readable.has(pid))) throw noPersonAccess();
    const after = [...new Set([...given, ...view.tagged.filter((pid) => !readable.has(pid))])].sort();
    const before = [...view.tagged].sort();
    await repo.setPhotoPersons(tx, view.photo, after, me(request));
    await writeAudit(tx, request, { action: 'photo_persons', entity: ENTITY, entityId: id, changes: { [`photo:${photoId}:persons`]: { before, after } } });
    for (const pid of after.filter((p) => !before.includes(p))) {
      await writeAudit(tx, request, { action: 'photo_tag', entity: 'person', entityId: pid, changes: { activityPhoto: { before: null, after: `${id}/${photoId}` } } });
    }
    for (const pid of before.filter((p) => !after.includes(p))) {
      await writeAudit(tx, request, { action: 'photo_untag', entity: 'person', entityId: pid, changes: { activityPhoto: { before: `${id}/${photoId}`, after: null } } });
    }
  });
  return getActivity(db, request, id);
}

/**
 * A photo's bytes, full size or thumbnail (JPEG). 403 `photo_hidden` when it
 * shows someone without image consent and the caller is not its uploader or a
 * facilitator; their opening of the full size is audited. Cached privately for
 * a minute only, so a withdrawn consent takes effect quickly.
 */
export async function sendPhoto(db: Db, store: FileStore, request: FastifyRequest, reply: FastifyReply, photoId: string, size: 'thumb' | 'full') {
  const photo = await repo.findPhoto(db, photoId);
  if (!photo) throw notFound();
  const { view } = await viewOf(db, request, photo.activityId, photoId);
  if (!view.canView) throw photoHidden();
  if (view.hidden && size === 'full') {
    await writeAudit(db, request, { action: 'photo_view_hidden', entity: ENTITY, entityId: photo.activityId, changes: { [`photo:${photoId}`]: { before: null, after: 'opened' } } });
  }
  return reply
    .type(size === 'thumb' ? 'image/jpeg' : photo.mime)
    .header('cache-control', 'private, max-age=60')
    .header('x-content-type-options', 'nosniff')
    .send(store.read(size === 'thumb' ? photo.thumbKey : photo.storageKey));
}

import type { Executor } from '../../../db/client.ts';
import { withImageConsent } from '../case-file/person-file.repository.ts';
import * as repo from './activities.repository.ts';

/**
 * Image-use consent for activity photos (issue 4, "Consent"): without it a
 * person's face is not shown outside their file, so a photo is hidden (the web
 * shows a placeholder) when
 * - someone tagged in it lacks a granted image-use consent, or
 * - nobody has yet said who appears in it and some registered participant lacks it.
 * Consent is read at every request, so withdrawing it hides the photos at once.
 * Unregistered participants are only counted, so staff answer for them when
 * uploading. A hidden photo can still be opened by its uploader and the
 * activity's facilitators, who were there, so that they can tag it.
 */

type PhotoRow = Awaited<ReturnType<typeof repo.photosOf>>[number];

export interface PhotoView {
  photo: PhotoRow;
  hidden: boolean;
  canView: boolean;
  reviewed: boolean;
  /** Tagged person ids. */
  tagged: string[];
  consented: Set<string>;
}

/** Visibility of each photo for `userId`, given every registered participant of the activity and its facilitators. */
export async function photoViews(
  db: Executor,
  userId: string,
  photos: PhotoRow[],
  participantIds: string[],
  facilitatorIds: string[],
): Promise<PhotoView[]> {
  if (photos.length === 0) return [];
  const tags = await repo.photoPersonsOf(
    db,
    photos.map((p) => p.id),
  );
  const consented = await withImageConsent(db, [...new Set([...participantIds, ...tags.map((t) => t.personId)])]);
  const someoneLacks = participantIds.some((id) => !consented.has(id));
  const witness = facilitatorIds.includes(userId);
  return photos.map((photo) => {
    const tagged = tags.filter((t) => t.photoId === photo.id).map((t) => t.personId);
    const reviewed = photo.personsReviewedAt !== null;
    const hidden = tagged.some((id) => !consented.has(id)) || (!reviewed && someoneLacks);
    return { photo, hidden, canView: !hidden || witness || photo.uploadedBy === userId, reviewed, tagged, consented };
  });
}

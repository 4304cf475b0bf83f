import { inArray } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { activityPhotos, documentFiles, persons } from '../db/schema.ts';
import type { FileStore } from './storage.ts';

/**
 * Removes from the store the given keys that no row refers to any more. The
 * store is content-addressed and shared (documents, activity and person photos), so a
 * key is only removed when none of the referring columns holds it; callers
 * run this after the rows are gone (and committed).
 */
export async function removeUnreferenced(db: Executor, store: FileStore, keys: string[]) {
  const unique = [...new Set(keys.filter(Boolean))];
  if (unique.length === 0) return;
  const used = new Set<string>();
  for (const r of await db.select({ key: documentFiles.storageKey }).from(documentFiles).where(inArray(documentFiles.storageKey, unique))) used.add(r.key);
  for (const r of await db.select({ a: activityPhotos.storageKey, b: activityPhotos.thumbKey }).from(activityPhotos).where(inArray(activityPhotos.storageKey, unique))) used.add(r.a).add(r.b);
  for (const r of await db.select({ a: activityPhotos.storageKey, b: activityPhotos.thumbKey }).from(activityPhotos).where(inArray(activityPhotos.thumbKey, unique))) used.add(r.a).add(r.b);
  for (const r of await db.select({ a: persons.photoKey, b: persons.photoThumbKey }).from(persons).where(inArray(persons.photoKey, unique))) used.add(r.a!).add(r.b!);
  for (const r of await db.select({ a: persons.photoKey, b: persons.photoThumbKey }).from(persons).where(inArray(persons.photoThumbKey, unique))) used.add(r.a!).add(r.b!);
  for (const key of unique) if (!used.has(key)) await store.remove(key);
}

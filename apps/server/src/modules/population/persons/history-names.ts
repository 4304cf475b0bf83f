import type { Executor } from '../../../db/client.ts';
import { userNames } from '../../users/users.service.ts';
import { readablePersons } from '../../../lib/access.ts';
import { activityNames } from '../activities/activities.repository.ts';
import { allOf } from '../../../db/sql.ts';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** Every id in an entry's field keys and before/after values (nested too). */
function idsIn(value: unknown, into: Set<string>) {
  if (typeof value === 'string') for (const m of value.matchAll(UUID)) into.add(m[0].toLowerCase());
  else if (Array.isArray(value)) value.forEach((v) => idsIn(v, into));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      idsIn(k, into);
      idsIn(v, into);
    }
}

/**
 * Names for the ids each of a person's history entries mentions (users
 * granted or attending, linked persons, activities), one record per entry, so
 * the history reads as names. A person's name is given only if `userId` may
 * read them; otherwise the id stays.
 */
export async function historyNames(
  db: Executor,
  userId: string,
  changes: unknown[],
): Promise<Record<string, string>[]> {
  const perEntry = changes.map((c) => {
    const ids = new Set<string>();
    idsIn(c, ids);
    return [...ids];
  });
  const list = [...new Set(perEntry.flat())];
  const [users, persons, activities] = await allOf(db, [
    () => userNames(db, list),
    () => readablePersons(db, list, userId),
    () => activityNames(db, list),
  ]);
  const names = new Map<string, string>([...users, ...activities]);
  for (const [id, p] of persons) names.set(id, `${p.names} ${p.lastNames}`);
  return perEntry.map((ids) => Object.fromEntries(ids.flatMap((id) => (names.has(id) ? [[id, names.get(id)!]] : []))));
}

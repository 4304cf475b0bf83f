import { PERMISSION_KEYS } from './permissions.ts';

/**
 * Who may hand out which permission keys (issue 9 item 1). The server applies
 * these rules in the users and roles services; the web uses the same functions
 * only to explain them (disabled checkboxes with the reason).
 *
 * - Nobody grants a key they do not hold themselves.
 * - Keys the editor lacks that the target already has stay as they are.
 * - Only holders of every key may assign the Administrador role.
 * - A user manager may not edit a user who holds a key the manager lacks.
 */

/** True when `held` contains every permission key of the product. */
export function holdsEveryKey(held: ReadonlySet<string> | readonly string[]): boolean {
  const set = held instanceof Set ? held : new Set(held as readonly string[]);
  return PERMISSION_KEYS.every((k) => set.has(k));
}

/** The keys of `keys` that `held` does not contain, in the catalogue's order. */
export function keysNotHeld(held: ReadonlySet<string> | readonly string[], keys: Iterable<string>): string[] {
  const set = held instanceof Set ? held : new Set(held as readonly string[]);
  const wanted = new Set(keys);
  return PERMISSION_KEYS.filter((k) => wanted.has(k) && !set.has(k));
}

/**
 * Applies an editor's requested key list to a target's current list.
 * Returns the keys to store (catalogue order) and the requested keys the
 * editor may not add (held by neither the editor nor the target already).
 * Keys the editor lacks keep their current state, whatever the request says.
 */
export function applyGrantableKeys(
  held: ReadonlySet<string> | readonly string[],
  before: readonly string[],
  requested: readonly string[],
) {
  const editor = held instanceof Set ? held : new Set(held as readonly string[]);
  const had = new Set(before);
  const want = new Set(requested);
  const refused = PERMISSION_KEYS.filter((k) => want.has(k) && !editor.has(k) && !had.has(k));
  const keys = PERMISSION_KEYS.filter((k) => (editor.has(k) ? want.has(k) : had.has(k)));
  return { keys, refused };
}

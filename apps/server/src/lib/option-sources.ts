import { hasPermission, type PermissionKey } from '@amparo/shared/permissions';
import type { Executor } from '../db/client.ts';

/** One option of the generic catalog call (spec section 7): shown as 'code - cname', sent back as `value`. */
export interface OptionItem {
  code: string;
  cname: string;
  value: string;
  active: boolean;
}

/** Reads one module's records as options (`includeInactive`: also the deactivated ones, for old records). */
export type OptionSource = (db: Executor, opts: { includeInactive: boolean }) => Promise<OptionItem[]>;

/**
 * Option lists other modules serve through the catalogs module's generic call
 * (`/api/catalog/:name`), e.g. `headquarter` and `role` (issue 10 item 3).
 * Each module registers its own source at start-up in its routes plugin, so
 * the catalogs module never imports the modules whose records it lists, and a
 * new module (cooperating, providers, ...) adds its list without editing it.
 *
 * A list names records (funders, roles, headquarters), so it is read only by
 * holders of one of its reader keys (issue 23 item 4): the owner's screen key
 * when it registers the source, and the screen keys of every module whose
 * screens use the list, added by that module with `allow` (so the owner never
 * learns of its readers). A key counts with its parents (`hasPermission`).
 */
export class OptionSources {
  private readonly sources = new Map<string, OptionSource>();
  private readonly readers = new Map<string, Set<PermissionKey>>();

  /** Adds `name`'s source, read by holders of `readers`; a second registration of one name is a programming error. */
  register(name: string, readers: readonly PermissionKey[], source: OptionSource) {
    if (this.sources.has(name)) throw new Error(`option source ${name} registered twice`);
    if (readers.length === 0) throw new Error(`option source ${name} names no reader key`);
    this.sources.set(name, source);
    this.allow(name, readers);
  }

  /** A module whose screens use `name`'s list lets holders of `readers` read it (before or after its registration). */
  allow(name: string, readers: readonly PermissionKey[]) {
    const set = this.readers.get(name) ?? new Set<PermissionKey>();
    for (const key of readers) set.add(key);
    this.readers.set(name, set);
  }

  /** The registered source of `name`, or undefined. */
  get(name: string): OptionSource | undefined {
    return this.sources.get(name);
  }

  /** Whether someone holding `keys` may read `name`'s list (a name that is not a source: true, the caller decides). */
  mayRead(name: string, keys: ReadonlySet<string>): boolean {
    if (!this.sources.has(name)) return true;
    return [...(this.readers.get(name) ?? [])].some((key) => hasPermission(keys, key));
  }

  /** The reader keys of `name`, sorted (tests, the route-permissions snapshot). */
  readersOf(name: string): PermissionKey[] {
    return [...(this.readers.get(name) ?? [])].sort();
  }

  /** Names of the registered sources (tests, docs). */
  names(): string[] {
    return [...this.sources.keys()].sort();
  }
}

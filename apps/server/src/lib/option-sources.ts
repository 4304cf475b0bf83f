import { hasPermission, type PermissionKey } from '@amparo/shared/permissions';
import type { Executor } from '../db/client.ts';
import { extensionPoint } from './extension-points.ts';

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
 * Each module contributes its own source (`optionSourcesPoint`) in its manifest, so
 * the catalogs module never imports the modules whose records it lists, and a
 * new module (cooperating, providers, ...) adds its list without editing it.
 *
 * A list names records (funders, roles, headquarters), so it is read only by
 * holders of one of its reader keys (issue 23 item 4): the owner's screen key
 * when it contributes the source, and the screen keys of every module whose
 * screens use the list, contributed by that module to `optionReadersPoint` (so
 * the owner never learns of its readers). A key counts with its parents
 * (`hasPermission`).
 */
export interface OptionSourceContribution {
  name: string;
  /** The owner's screen keys (at least one). */
  readers: readonly PermissionKey[];
  source: OptionSource;
}

/** A list's source, one per name. */
export const optionSourcesPoint = extensionPoint<OptionSourceContribution>('option-sources', { key: (s) => s.name });

/** More readers of a list another module owns (the screens that show it). */
export const optionReadersPoint = extensionPoint<{ name: string; readers: readonly PermissionKey[] }>('option-readers');

/** The contributed option lists and who may read each. */
export class OptionSources {
  private readonly sources = new Map<string, OptionSource>();
  private readonly readers = new Map<string, Set<PermissionKey>>();

  constructor(
    sources: readonly OptionSourceContribution[],
    readers: readonly { name: string; readers: readonly PermissionKey[] }[],
  ) {
    for (const s of sources) {
      if (s.readers.length === 0) throw new Error(`option source ${s.name} names no reader key`);
      this.sources.set(s.name, s.source);
      this.allow(s.name, s.readers);
    }
    for (const r of readers) this.allow(r.name, r.readers);
  }

  private allow(name: string, readers: readonly PermissionKey[]) {
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

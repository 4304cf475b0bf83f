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
 */
export class OptionSources {
  private readonly sources = new Map<string, OptionSource>();

  /** Adds `name`'s source; a second registration of one name is a programming error. */
  register(name: string, source: OptionSource) {
    if (this.sources.has(name)) throw new Error(`option source ${name} registered twice`);
    this.sources.set(name, source);
  }

  /** The registered source of `name`, or undefined. */
  get(name: string): OptionSource | undefined {
    return this.sources.get(name);
  }

  /** Names of the registered sources (tests, docs). */
  names(): string[] {
    return [...this.sources.keys()].sort();
  }
}

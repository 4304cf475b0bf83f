/**
 * Extension points (issue 25 section 4): how one module reacts to another's data without importing it. A point
 * is declared once, in `src/lib`, with the shape of what may be added to it; a module that needs to know
 * (persons, before deleting one) reads the point; a module that has something to say (the case file: "this
 * person has attentions") contributes to it in its manifest (`module.ts`). `app.ts` collects every manifest's
 * contributions into one `Extensions` before any route is registered, so nothing is added as a side effect of
 * importing a file, and a point's readers see every contribution from the first request on.
 *
 * A point may name a contribution's `key` (a source's name, a catalog column): the same key twice is then a
 * start-up error, not a silent override; a point without one takes any number from any module. A `single` point takes at most one contribution (the budget's rule for plan
 * links).
 */

/** A typed extension point; `C` is what a contribution carries. */
export interface ExtensionPoint<C> {
  readonly name: string;
  /** The contribution's identity within the point, unique when given (otherwise the contributing module's name, not unique). */
  key?(contribution: C): string;
  /** At most one contribution. */
  readonly single?: boolean;
  /** Phantom: the contribution's type. */
  readonly __contribution?: C;
}

/** Declares a point (`extensionPoint<PersonBlocker>('person-blockers', { key: (b) => b.name })`). */
export function extensionPoint<C>(
  name: string,
  options: { key?: (contribution: C) => string; single?: boolean } = {},
): ExtensionPoint<C> {
  return { name, ...options };
}

/** One contribution to a point, as a manifest lists it (typed where it is made, by `contribute`). */
export interface Contribution {
  readonly point: ExtensionPoint<unknown>;
  readonly value: unknown;
}

/** A contribution of `value` to `point`, typed by the point (a manifest's `contributes` entry). */
export function contribute<C>(point: ExtensionPoint<C>, value: C): Contribution {
  return { point: point as ExtensionPoint<unknown>, value };
}

/** A contribution with the module that made it (what `Extensions.entries` lists for tests and docs). */
export interface ContributionEntry<C = unknown> {
  module: string;
  key: string;
  value: C;
}

/**
 * Every contribution of every module of the app, by point (built once by `app.ts` from the manifests). Throws at
 * start-up on a repeated key or a second contribution to a single point, naming both modules.
 */
export class Extensions {
  private readonly byPoint = new Map<ExtensionPoint<unknown>, ContributionEntry[]>();

  constructor(modules: readonly { name: string; contributes?: readonly Contribution[] }[]) {
    for (const m of modules) {
      for (const c of m.contributes ?? []) {
        const list = this.byPoint.get(c.point) ?? [];
        const key = c.point.key ? c.point.key(c.value) : m.name;
        const clash = c.point.key && list.find((e) => e.key === key);
        if (clash)
          throw new Error(`extension point ${c.point.name}: ${key} contributed by ${clash.module} and ${m.name}`);
        if (c.point.single && list.length > 0)
          throw new Error(`extension point ${c.point.name} takes one contribution: ${list[0]!.module} and ${m.name}`);
        list.push({ module: m.name, key, value: c.value });
        this.byPoint.set(c.point, list);
      }
    }
  }

  /** The contributions to `point`, in the order the modules are assembled (`app.ts`), then declared. */
  all<C>(point: ExtensionPoint<C>): C[] {
    return (this.byPoint.get(point as ExtensionPoint<unknown>) ?? []).map((e) => e.value as C);
  }

  /** The contribution to a single point, or null. */
  one<C>(point: ExtensionPoint<C>): C | null {
    return this.all(point)[0] ?? null;
  }

  /** The contributions to `point` with their module and key (tests, docs). */
  entries<C>(point: ExtensionPoint<C>): ContributionEntry<C>[] {
    return (this.byPoint.get(point as ExtensionPoint<unknown>) ?? []) as ContributionEntry<C>[];
  }
}

import type { FieldError } from '@amparo/shared/errors';
import type { Executor } from '../db/client.ts';
import { extensionPoint } from './extension-points.ts';

/** What keeps one person from being deleted, as field errors (`{ field, code: 'has_records', params: { count } }`). */
export type PersonBlocker = (tx: Executor, personId: string) => Promise<FieldError[]>;

/**
 * Modules holding a person's records say what keeps the person from being
 * deleted (spec section 3: a person with case-file records is not deleted),
 * so the persons sub-module never imports them. Each contributes to
 * `personBlockersPoint` in its manifest; deleting asks them all in its
 * transaction and answers 409 `in_use` with their reasons.
 */
export const personBlockersPoint = extensionPoint<{ name: string; check: PersonBlocker }>('person-blockers', {
  key: (b) => b.name,
});

/** The contributed checks, in assembly order. */
export class PersonBlockers {
  private readonly blockers: ReadonlyMap<string, PersonBlocker>;

  constructor(blockers: readonly { name: string; check: PersonBlocker }[]) {
    this.blockers = new Map(blockers.map((b) => [b.name, b.check]));
  }

  /** Every reason any registered module gives, in registration order. */
  async check(tx: Executor, personId: string): Promise<FieldError[]> {
    const out: FieldError[] = [];
    for (const blocker of this.blockers.values()) out.push(...(await blocker(tx, personId)));
    return out;
  }

  /** Registered names (tests, docs). */
  names(): string[] {
    return [...this.blockers.keys()];
  }
}

import { money, moneyString } from '@amparo/shared/money';
import type { Executor } from '../db/client.ts';
import { extensionPoint } from './extension-points.ts';

/** What a module has drawn on a cooperating item, in Q ('NNN.NN'), read in the caller's transaction. */
export type ItemCommitment = (tx: Executor, itemId: string) => Promise<string>;

/**
 * Modules that draw on a cooperating's items (budget assignment; later
 * execution) say how much of an item they hold, so the cooperating module
 * never imports them: an item's current amount never falls below the largest
 * of these (issue 13 section 2: 'never goes below what is already assigned or
 * executed'). Each contributes to `itemCommitmentsPoint` in its manifest; the
 * cooperating service asks in the transaction of the write, after locking the
 * cooperating's row, which the drawing modules lock too.
 */
export const itemCommitmentsPoint = extensionPoint<{ name: string; held: ItemCommitment }>('item-commitments', {
  key: (c) => c.name,
});

/** The contributed amounts held on an item. */
export class ItemCommitments {
  private readonly sources: ReadonlyMap<string, ItemCommitment>;

  constructor(sources: readonly { name: string; held: ItemCommitment }[]) {
    this.sources = new Map(sources.map((s) => [s.name, s.held]));
  }

  /** The largest amount any registered module holds on the item (Q), '0.00' when none. */
  async floor(tx: Executor, itemId: string): Promise<string> {
    let max = money('0');
    for (const source of this.sources.values()) {
      const held = money(await source(tx, itemId));
      if (held.greaterThan(max)) max = held;
    }
    return moneyString(max);
  }

  /** Registered names (tests, docs). */
  names(): string[] {
    return [...this.sources.keys()];
  }
}

import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';

/** The kept totals' database functions (migration 0030), for totals.service.ts. */

/** A key whose kept total is not what the plan and the ledgers add up to: `kind` item or poa, amounts in Q. */
export interface TotalsDifference {
  kind: 'item' | 'poa';
  /** `item_id/year`, or `year/axis/program/month`. */
  key: string;
  /** The key's kept figures, space-separated: item = assigned committed executed carried; poa = planned assigned committed executed. */
  kept: string;
  expected: string;
}

/**
 * Folds each key's delta rows into one row (the `budget.compact-totals` job, every minute), so the summaries
 * read one row per key. Exact under concurrent writers: it deletes and sums exactly the rows its snapshot sees.
 * Returns how many rows it folded away.
 */
export async function compactTotals(db: Executor): Promise<number> {
  const result = await db.execute<{ folded: number }>(sql`select budget_totals_compact() as folded`);
  return Number(result.rows[0]!.folded);
}

/**
 * Every key whose kept total differs from the plan and the ledgers recomputed (the nightly
 * `budget.verify-totals` job; an empty list when all is exact). Reads only: it never corrects.
 */
export async function totalsDifferences(db: Executor): Promise<TotalsDifference[]> {
  const result = await db.execute<{ kind: 'item' | 'poa'; key: string; kept: string; expected: string }>(
    sql`select kind, key, kept, expected from budget_totals_differences() order by kind, key`,
  );
  return result.rows;
}

/** Recomputes every kept total from the plan and the ledgers (`budget_totals_rebuild()`), in the caller's transaction. */
export async function rebuildAll(tx: Executor): Promise<void> {
  await tx.execute(sql`select budget_totals_rebuild()`);
}

import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';

/*
 * The budget's kept totals (issue 24 section 1; decision 0019 as amended): kept by the database's triggers as
 * the ledgers are written (migration 0030_budget_totals_triggers.sql), folded by `compactTotals`, checked by
 * `totalsDifferences`, rebuilt by `rebuildTotals`. Nothing here writes a total from application code.
 */

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

/**
 * Recomputes every kept total from the plan and the ledgers, in one transaction holding a SHARE lock on the
 * ledgers, the lines, their months and the carry-forwards (writers wait until it commits) (`npm run
 * budget:rebuild-totals`). Returns the differences it found before rebuilding.
 */
export async function rebuildTotals(db: Db): Promise<TotalsDifference[]> {
  return db.transaction(async (tx) => {
    const before = await totalsDifferences(tx);
    await tx.execute(sql`select budget_totals_rebuild()`);
    return before;
  });
}

/**
 * The nightly check: throws (so the job is listed among the failed jobs that administrators see, with this
 * message) when any key differs, naming up to 20 of them with their figures; item and program codes and amounts
 * only, no personal data.
 */
export async function verifyTotals(db: Executor): Promise<void> {
  const differences = await totalsDifferences(db);
  if (!differences.length) return;
  const shown = differences
    .slice(0, 20)
    .map((d) => `${d.kind} ${d.key}: kept ${d.kept}, ledgers ${d.expected}`)
    .join('; ');
  throw new Error(
    `budget totals differ from the ledgers at ${differences.length} keys (run npm run budget:rebuild-totals after finding why): ${shown}`,
  );
}

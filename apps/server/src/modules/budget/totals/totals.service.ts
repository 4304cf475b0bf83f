import type { Db, Executor } from '../../../db/client.ts';
import * as repo from './totals.repository.ts';
import type { TotalsDifference } from './totals.repository.ts';

/*
 * The budget's kept totals (issue 24 section 1; decision 0019 as amended): kept by the database's triggers as
 * the ledgers are written (migration 0030_budget_totals_triggers.sql), folded by `compactTotals`, checked by
 * `totalsDifferences`, rebuilt by `rebuildTotals`. Nothing here writes a total from application code.
 */

export type { TotalsDifference } from './totals.repository.ts';

export const compactTotals = repo.compactTotals;
export const totalsDifferences = repo.totalsDifferences;

/**
 * Recomputes every kept total from the plan and the ledgers, in one transaction holding a SHARE lock on the
 * ledgers, the lines, their months and the carry-forwards (writers wait until it commits) (`npm run
 * budget:rebuild-totals`). Returns the differences it found before rebuilding.
 */
export async function rebuildTotals(db: Db): Promise<TotalsDifference[]> {
  return db.transaction(async (tx) => {
    const before = await totalsDifferences(tx);
    await repo.rebuildAll(tx);
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

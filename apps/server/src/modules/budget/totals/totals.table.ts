import { bigint, index, integer, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';

/*
 * The budget's kept totals (issue 24 section 1, decision 0019 as amended). The ledgers stay the source of truth;
 * these rows are written by triggers in the same statement as each ledger row, planning month, line change and
 * carry-forward approval (migration 0029_budget_totals_triggers.sql), so no code path can forget them. A key's
 * total is the SUM of its rows: each write appends a delta row (writers never update a shared row, so they never
 * wait on or deadlock with each other), and the `budget.compact-totals` job folds a key's rows into one.
 * `budget.verify-totals` recomputes every key from the ledgers nightly; `npm run budget:rebuild-totals` rebuilds.
 * Amounts in Q, numeric(20,2).
 */

const amount = (name: string) => numeric(name, { precision: 20, scale: 2 }).notNull().default('0');

/**
 * Per (item, year of the line): assigned, committed (commit + release rows), executed, and carried (approved
 * carry-forwards out of that year). An item's limit counts Σ assigned − Σ carried over its years; the funder
 * summary reads a year's row or every year's.
 */
export const budgetItemTotals = pgTable(
  'budget_item_totals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    itemId: uuid('item_id').notNull(),
    year: integer('year').notNull(),
    assigned: amount('assigned'),
    committed: amount('committed'),
    executed: amount('executed'),
    carried: amount('carried'),
  },
  (t) => [index('budget_item_totals_key_idx').on(t.itemId, t.year)],
);

/** Per (year, strategic axis, program, month) of the plan: planned, assigned, committed and executed (the POA summary). */
export const budgetPoaTotals = pgTable(
  'budget_poa_totals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    year: integer('year').notNull(),
    strategicAxis: text('strategic_axis').notNull(),
    program: text('program').notNull(),
    month: integer('month').notNull(),
    planned: amount('planned'),
    assigned: amount('assigned'),
    committed: amount('committed'),
    executed: amount('executed'),
  },
  (t) => [index('budget_poa_totals_key_idx').on(t.year, t.strategicAxis, t.program, t.month)],
);

/**
 * Per (line, item, month) of the ledgers: assigned, committed and executed, with the item's cooperating (the
 * execution view by expense type, cooperating or item: issue 27 section 3). Keyed by the line, so a line moved to
 * another year or program keeps its rows; a line with ledger rows is never deleted.
 */
export const budgetCellTotals = pgTable(
  'budget_cell_totals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    lineId: uuid('line_id').notNull(),
    itemId: uuid('item_id').notNull(),
    cooperatingId: uuid('cooperating_id').notNull(),
    month: integer('month').notNull(),
    assigned: amount('assigned'),
    committed: amount('committed'),
    executed: amount('executed'),
  },
  (t) => [index('budget_cell_totals_key_idx').on(t.lineId, t.itemId, t.month)],
);

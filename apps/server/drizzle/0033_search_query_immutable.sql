-- Issue 24 section 2 (decision 0021, amended): the prefix query builder is IMMUTABLE, as PostgreSQL's own
-- to_tsquery(regconfig, text) is (its result depends only on its text and the fixed amparo_* configurations).
-- Called with a value in a statement planned for its values (the ticket list's unnamed statements), the planner
-- then folds it to a constant and estimates how many tickets a word matches from the index's statistics: a rare
-- word reads the GIN index, a common beginning ("re") walks the newest tickets and stops once it has enough.
ALTER FUNCTION amparo_prefix_query(text) IMMUTABLE;

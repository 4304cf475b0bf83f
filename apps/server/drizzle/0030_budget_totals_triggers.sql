-- Issue 24 section 1 (decision 0019, amended): the budget's totals are kept as the ledgers are written, by
-- triggers, in the statement that writes the ledger row, the planning month, the line's classification or the
-- carry-forward's approval. Each write APPENDS one delta row per key it changes (never updates a shared row:
-- writers neither wait on nor deadlock with each other); a key's total is the sum of its rows, folded into one
-- row by budget_totals_compact(). budget_totals_differences() compares every key with the ledgers;
-- budget_totals_rebuild() recomputes them all.

-- Assignment ledger rows: assigned per (item, year of the line) and per (year, axis, program, month).
CREATE OR REPLACE FUNCTION budget_totals_on_assignments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO budget_item_totals (item_id, year, assigned)
  SELECT r.item_id, l.year, sum(r.amount)
    FROM new_rows r JOIN planning_lines l ON l.id = r.line_id
   GROUP BY r.item_id, l.year;
  INSERT INTO budget_poa_totals (year, strategic_axis, program, month, assigned)
  SELECT l.year, l.strategic_axis, l.program, r.month, sum(r.amount)
    FROM new_rows r JOIN planning_lines l ON l.id = r.line_id
   GROUP BY l.year, l.strategic_axis, l.program, r.month;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER budget_assignments_totals AFTER INSERT ON budget_assignments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION budget_totals_on_assignments();
--> statement-breakpoint

-- Commitment ledger rows: committed (commit and release rows) and executed (execute rows).
CREATE OR REPLACE FUNCTION budget_totals_on_commitments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO budget_item_totals (item_id, year, committed, executed)
  SELECT r.item_id, l.year,
         coalesce(sum(r.amount) FILTER (WHERE r.kind IN ('commit', 'release')), 0),
         coalesce(sum(r.amount) FILTER (WHERE r.kind = 'execute'), 0)
    FROM new_rows r JOIN planning_lines l ON l.id = r.line_id
   GROUP BY r.item_id, l.year;
  INSERT INTO budget_poa_totals (year, strategic_axis, program, month, committed, executed)
  SELECT l.year, l.strategic_axis, l.program, r.month,
         coalesce(sum(r.amount) FILTER (WHERE r.kind IN ('commit', 'release')), 0),
         coalesce(sum(r.amount) FILTER (WHERE r.kind = 'execute'), 0)
    FROM new_rows r JOIN planning_lines l ON l.id = r.line_id
   GROUP BY l.year, l.strategic_axis, l.program, r.month;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER budget_commitments_totals AFTER INSERT ON budget_commitments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION budget_totals_on_commitments();
--> statement-breakpoint

-- Planned months: what a statement added less what it removed, per key of the month's line. A month removed
-- with its line (ON DELETE CASCADE) finds no line here: budget_totals_on_line_delete took it out before.
CREATE OR REPLACE FUNCTION budget_totals_on_months() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO budget_poa_totals (year, strategic_axis, program, month, planned)
    SELECT l.year, l.strategic_axis, l.program, m.month, sum(m.amount)
      FROM new_rows m JOIN planning_lines l ON l.id = m.line_id
     GROUP BY l.year, l.strategic_axis, l.program, m.month;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO budget_poa_totals (year, strategic_axis, program, month, planned)
    SELECT l.year, l.strategic_axis, l.program, m.month, -sum(m.amount)
      FROM old_rows m JOIN planning_lines l ON l.id = m.line_id
     GROUP BY l.year, l.strategic_axis, l.program, m.month;
  ELSE
    INSERT INTO budget_poa_totals (year, strategic_axis, program, month, planned)
    SELECT l.year, l.strategic_axis, l.program, m.month, sum(m.amount)
      FROM (SELECT line_id, month, amount FROM new_rows
            UNION ALL SELECT line_id, month, -amount FROM old_rows) m
      JOIN planning_lines l ON l.id = m.line_id
     GROUP BY l.year, l.strategic_axis, l.program, m.month
    HAVING sum(m.amount) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER planning_months_totals_insert AFTER INSERT ON planning_months
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION budget_totals_on_months();
--> statement-breakpoint
CREATE TRIGGER planning_months_totals_update AFTER UPDATE ON planning_months
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION budget_totals_on_months();
--> statement-breakpoint
CREATE TRIGGER planning_months_totals_delete AFTER DELETE ON planning_months
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION budget_totals_on_months();
--> statement-breakpoint

-- A deleted line takes its planned months out of its key (before the cascade removes the months). A line with
-- ledger rows is never deleted (ON DELETE RESTRICT), so only planned figures leave here.
CREATE OR REPLACE FUNCTION budget_totals_on_line_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO budget_poa_totals (year, strategic_axis, program, month, planned)
  SELECT OLD.year, OLD.strategic_axis, OLD.program, m.month, -sum(m.amount)
    FROM planning_months m WHERE m.line_id = OLD.id
   GROUP BY m.month;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER planning_lines_totals_delete BEFORE DELETE ON planning_lines
  FOR EACH ROW EXECUTE FUNCTION budget_totals_on_line_delete();
--> statement-breakpoint

-- A line moved to another year, axis or program moves its planned months and its ledger sums with it:
-- out of the old keys, into the new ones (the item totals only when the year changes).
CREATE OR REPLACE FUNCTION budget_totals_on_line_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO budget_poa_totals (year, strategic_axis, program, month, planned, assigned, committed, executed)
  SELECT k.year, k.strategic_axis, k.program, f.month, k.sign * f.planned, k.sign * f.assigned,
         k.sign * f.committed, k.sign * f.executed
    FROM (SELECT month, sum(planned) AS planned, sum(assigned) AS assigned, sum(committed) AS committed,
                 sum(executed) AS executed
            FROM (SELECT month, amount AS planned, 0 AS assigned, 0 AS committed, 0 AS executed
                    FROM planning_months WHERE line_id = NEW.id
                  UNION ALL
                  SELECT month, 0, amount, 0, 0 FROM budget_assignments WHERE line_id = NEW.id
                  UNION ALL
                  SELECT month, 0, 0,
                         CASE WHEN kind IN ('commit', 'release') THEN amount ELSE 0 END,
                         CASE WHEN kind = 'execute' THEN amount ELSE 0 END
                    FROM budget_commitments WHERE line_id = NEW.id) rows
           GROUP BY month) f
   CROSS JOIN (VALUES (OLD.year, OLD.strategic_axis, OLD.program, -1),
                      (NEW.year, NEW.strategic_axis, NEW.program, 1)) AS k(year, strategic_axis, program, sign);
  IF NEW.year <> OLD.year THEN
    INSERT INTO budget_item_totals (item_id, year, assigned, committed, executed)
    SELECT f.item_id, k.year, k.sign * f.assigned, k.sign * f.committed, k.sign * f.executed
      FROM (SELECT item_id, sum(assigned) AS assigned, sum(committed) AS committed, sum(executed) AS executed
              FROM (SELECT item_id, amount AS assigned, 0 AS committed, 0 AS executed
                      FROM budget_assignments WHERE line_id = NEW.id
                    UNION ALL
                    SELECT item_id, 0,
                           CASE WHEN kind IN ('commit', 'release') THEN amount ELSE 0 END,
                           CASE WHEN kind = 'execute' THEN amount ELSE 0 END
                      FROM budget_commitments WHERE line_id = NEW.id) rows
             GROUP BY item_id) f
     CROSS JOIN (VALUES (OLD.year, -1), (NEW.year, 1)) AS k(year, sign);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER planning_lines_totals_move AFTER UPDATE OF year, strategic_axis, program ON planning_lines
  FOR EACH ROW WHEN (OLD.year IS DISTINCT FROM NEW.year OR OLD.strategic_axis IS DISTINCT FROM NEW.strategic_axis
                     OR OLD.program IS DISTINCT FROM NEW.program)
  EXECUTE FUNCTION budget_totals_on_line_move();
--> statement-breakpoint

-- Approved carry-forwards leave the item's year (its limit counts assigned less carried).
CREATE OR REPLACE FUNCTION budget_totals_on_carry_forward() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'approved' THEN
    INSERT INTO budget_item_totals (item_id, year, carried) VALUES (OLD.item_id, OLD.from_year, -OLD.amount);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.status = 'approved' THEN
    INSERT INTO budget_item_totals (item_id, year, carried) VALUES (NEW.item_id, NEW.from_year, NEW.amount);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER budget_carry_forwards_totals AFTER INSERT OR UPDATE OR DELETE ON budget_carry_forwards
  FOR EACH ROW EXECUTE FUNCTION budget_totals_on_carry_forward();
--> statement-breakpoint

-- What every key should hold, recomputed from the plan and the ledgers (the verification and the rebuild).
CREATE OR REPLACE VIEW budget_item_totals_expected AS
SELECT item_id, year, sum(assigned)::numeric(20,2) AS assigned, sum(committed)::numeric(20,2) AS committed,
       sum(executed)::numeric(20,2) AS executed, sum(carried)::numeric(20,2) AS carried
  FROM (SELECT a.item_id, l.year, a.amount AS assigned, 0 AS committed, 0 AS executed, 0 AS carried
          FROM budget_assignments a JOIN planning_lines l ON l.id = a.line_id
        UNION ALL
        SELECT k.item_id, l.year, 0,
               CASE WHEN k.kind IN ('commit', 'release') THEN k.amount ELSE 0 END,
               CASE WHEN k.kind = 'execute' THEN k.amount ELSE 0 END, 0
          FROM budget_commitments k JOIN planning_lines l ON l.id = k.line_id
        UNION ALL
        SELECT item_id, from_year, 0, 0, 0, amount FROM budget_carry_forwards WHERE status = 'approved') rows
 GROUP BY item_id, year;
--> statement-breakpoint
CREATE OR REPLACE VIEW budget_poa_totals_expected AS
SELECT year, strategic_axis, program, month, sum(planned)::numeric(20,2) AS planned,
       sum(assigned)::numeric(20,2) AS assigned, sum(committed)::numeric(20,2) AS committed,
       sum(executed)::numeric(20,2) AS executed
  FROM (SELECT l.year, l.strategic_axis, l.program, m.month, m.amount AS planned, 0 AS assigned, 0 AS committed,
               0 AS executed
          FROM planning_months m JOIN planning_lines l ON l.id = m.line_id
        UNION ALL
        SELECT l.year, l.strategic_axis, l.program, a.month, 0, a.amount, 0, 0
          FROM budget_assignments a JOIN planning_lines l ON l.id = a.line_id
        UNION ALL
        SELECT l.year, l.strategic_axis, l.program, k.month, 0, 0,
               CASE WHEN k.kind IN ('commit', 'release') THEN k.amount ELSE 0 END,
               CASE WHEN k.kind = 'execute' THEN k.amount ELSE 0 END
          FROM budget_commitments k JOIN planning_lines l ON l.id = k.line_id) rows
 GROUP BY year, strategic_axis, program, month;
--> statement-breakpoint

-- Every key whose kept total differs from the recomputed one (a key missing on one side counts as zeros).
CREATE OR REPLACE FUNCTION budget_totals_differences()
RETURNS TABLE (kind text, key text, kept text, expected text) LANGUAGE sql STABLE AS $$
  WITH kept_item AS (
    SELECT item_id, year, sum(assigned) AS assigned, sum(committed) AS committed, sum(executed) AS executed,
           sum(carried) AS carried
      FROM budget_item_totals GROUP BY item_id, year),
  kept_poa AS (
    SELECT year, strategic_axis, program, month, sum(planned) AS planned, sum(assigned) AS assigned,
           sum(committed) AS committed, sum(executed) AS executed
      FROM budget_poa_totals GROUP BY year, strategic_axis, program, month)
  SELECT 'item', coalesce(k.item_id, e.item_id)::text || '/' || coalesce(k.year, e.year),
         concat_ws(' ', coalesce(k.assigned, 0), coalesce(k.committed, 0), coalesce(k.executed, 0), coalesce(k.carried, 0)),
         concat_ws(' ', coalesce(e.assigned, 0), coalesce(e.committed, 0), coalesce(e.executed, 0), coalesce(e.carried, 0))
    FROM kept_item k FULL JOIN budget_item_totals_expected e ON e.item_id = k.item_id AND e.year = k.year
   WHERE coalesce(k.assigned, 0) <> coalesce(e.assigned, 0) OR coalesce(k.committed, 0) <> coalesce(e.committed, 0)
      OR coalesce(k.executed, 0) <> coalesce(e.executed, 0) OR coalesce(k.carried, 0) <> coalesce(e.carried, 0)
  UNION ALL
  SELECT 'poa', concat_ws('/', coalesce(k.year, e.year), coalesce(k.strategic_axis, e.strategic_axis),
                          coalesce(k.program, e.program), coalesce(k.month, e.month)),
         concat_ws(' ', coalesce(k.planned, 0), coalesce(k.assigned, 0), coalesce(k.committed, 0), coalesce(k.executed, 0)),
         concat_ws(' ', coalesce(e.planned, 0), coalesce(e.assigned, 0), coalesce(e.committed, 0), coalesce(e.executed, 0))
    FROM kept_poa k FULL JOIN budget_poa_totals_expected e
      ON e.year = k.year AND e.strategic_axis = k.strategic_axis AND e.program = k.program AND e.month = k.month
   WHERE coalesce(k.planned, 0) <> coalesce(e.planned, 0) OR coalesce(k.assigned, 0) <> coalesce(e.assigned, 0)
      OR coalesce(k.committed, 0) <> coalesce(e.committed, 0) OR coalesce(k.executed, 0) <> coalesce(e.executed, 0)
$$;
--> statement-breakpoint

-- Folds each key's rows into one (the recurring budget.compact-totals job). Exact under concurrent writers: it
-- deletes and sums exactly the rows its snapshot sees; a delta written meanwhile stays beside the folded row.
-- Returns how many rows were folded away.
CREATE OR REPLACE FUNCTION budget_totals_compact() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  before_count integer;
  after_count integer;
BEGIN
  SELECT (SELECT count(*) FROM budget_item_totals) + (SELECT count(*) FROM budget_poa_totals) INTO before_count;
  WITH keys AS (SELECT item_id, year FROM budget_item_totals GROUP BY item_id, year HAVING count(*) > 1),
  gone AS (DELETE FROM budget_item_totals t USING keys k WHERE t.item_id = k.item_id AND t.year = k.year
           RETURNING t.item_id, t.year, t.assigned, t.committed, t.executed, t.carried)
  INSERT INTO budget_item_totals (item_id, year, assigned, committed, executed, carried)
  SELECT item_id, year, sum(assigned), sum(committed), sum(executed), sum(carried) FROM gone GROUP BY item_id, year;
  WITH keys AS (SELECT year, strategic_axis, program, month FROM budget_poa_totals
                 GROUP BY year, strategic_axis, program, month HAVING count(*) > 1),
  gone AS (DELETE FROM budget_poa_totals t USING keys k
            WHERE t.year = k.year AND t.strategic_axis = k.strategic_axis AND t.program = k.program AND t.month = k.month
           RETURNING t.year, t.strategic_axis, t.program, t.month, t.planned, t.assigned, t.committed, t.executed)
  INSERT INTO budget_poa_totals (year, strategic_axis, program, month, planned, assigned, committed, executed)
  SELECT year, strategic_axis, program, month, sum(planned), sum(assigned), sum(committed), sum(executed)
    FROM gone GROUP BY year, strategic_axis, program, month;
  SELECT (SELECT count(*) FROM budget_item_totals) + (SELECT count(*) FROM budget_poa_totals) INTO after_count;
  RETURN before_count - after_count;
END $$;
--> statement-breakpoint

-- Recomputes every total from the plan and the ledgers, under locks that hold every writer of them off until
-- the transaction ends (npm run budget:rebuild-totals; this migration).
CREATE OR REPLACE FUNCTION budget_totals_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE budget_assignments, budget_commitments, budget_carry_forwards, planning_lines, planning_months
    IN SHARE MODE;
  LOCK TABLE budget_item_totals, budget_poa_totals IN EXCLUSIVE MODE;
  DELETE FROM budget_item_totals;
  DELETE FROM budget_poa_totals;
  INSERT INTO budget_item_totals (item_id, year, assigned, committed, executed, carried)
  SELECT item_id, year, assigned, committed, executed, carried FROM budget_item_totals_expected;
  INSERT INTO budget_poa_totals (year, strategic_axis, program, month, planned, assigned, committed, executed)
  SELECT year, strategic_axis, program, month, planned, assigned, committed, executed FROM budget_poa_totals_expected;
END $$;
--> statement-breakpoint
SELECT budget_totals_rebuild();

CREATE TABLE "budget_cell_totals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "budget_cell_totals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"line_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"cooperating_id" uuid NOT NULL,
	"month" integer NOT NULL,
	"assigned" numeric(20, 2) DEFAULT '0' NOT NULL,
	"committed" numeric(20, 2) DEFAULT '0' NOT NULL,
	"executed" numeric(20, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "budget_cell_totals_key_idx" ON "budget_cell_totals" USING btree ("line_id","item_id","month");--> statement-breakpoint

-- Issue 27 section 3: the execution view reads the ledgers per (line, item, month) of a year. A third kept total,
-- written by the same triggers as the two of migration 0030 (append a delta row; compacted; verified; rebuilt).
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
  INSERT INTO budget_cell_totals (line_id, item_id, cooperating_id, month, assigned)
  SELECT r.line_id, r.item_id, r.cooperating_id, r.month, sum(r.amount)
    FROM new_rows r
   GROUP BY r.line_id, r.item_id, r.cooperating_id, r.month;
  RETURN NULL;
END $$;
--> statement-breakpoint
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
  INSERT INTO budget_cell_totals (line_id, item_id, cooperating_id, month, committed, executed)
  SELECT r.line_id, r.item_id, r.cooperating_id, r.month,
         coalesce(sum(r.amount) FILTER (WHERE r.kind IN ('commit', 'release')), 0),
         coalesce(sum(r.amount) FILTER (WHERE r.kind = 'execute'), 0)
    FROM new_rows r
   GROUP BY r.line_id, r.item_id, r.cooperating_id, r.month;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE VIEW budget_cell_totals_expected AS
SELECT line_id, item_id, cooperating_id, month, sum(assigned)::numeric(20,2) AS assigned,
       sum(committed)::numeric(20,2) AS committed, sum(executed)::numeric(20,2) AS executed
  FROM (SELECT line_id, item_id, cooperating_id, month, amount AS assigned, 0 AS committed, 0 AS executed
          FROM budget_assignments
        UNION ALL
        SELECT line_id, item_id, cooperating_id, month, 0,
               CASE WHEN kind IN ('commit', 'release') THEN amount ELSE 0 END,
               CASE WHEN kind = 'execute' THEN amount ELSE 0 END
          FROM budget_commitments) rows
 GROUP BY line_id, item_id, cooperating_id, month;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION budget_totals_differences()
RETURNS TABLE (kind text, key text, kept text, expected text) LANGUAGE sql STABLE AS $$
  WITH kept_item AS (
    SELECT item_id, year, sum(assigned) AS assigned, sum(committed) AS committed, sum(executed) AS executed,
           sum(carried) AS carried
      FROM budget_item_totals GROUP BY item_id, year),
  kept_poa AS (
    SELECT year, strategic_axis, program, month, sum(planned) AS planned, sum(assigned) AS assigned,
           sum(committed) AS committed, sum(executed) AS executed
      FROM budget_poa_totals GROUP BY year, strategic_axis, program, month),
  kept_cell AS (
    SELECT line_id, item_id, cooperating_id, month, sum(assigned) AS assigned, sum(committed) AS committed,
           sum(executed) AS executed
      FROM budget_cell_totals GROUP BY line_id, item_id, cooperating_id, month)
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
  UNION ALL
  SELECT 'cell', concat_ws('/', coalesce(k.line_id, e.line_id), coalesce(k.item_id, e.item_id),
                           coalesce(k.month, e.month)),
         concat_ws(' ', coalesce(k.assigned, 0), coalesce(k.committed, 0), coalesce(k.executed, 0)),
         concat_ws(' ', coalesce(e.assigned, 0), coalesce(e.committed, 0), coalesce(e.executed, 0))
    FROM kept_cell k FULL JOIN budget_cell_totals_expected e
      ON e.line_id = k.line_id AND e.item_id = k.item_id AND e.cooperating_id = k.cooperating_id AND e.month = k.month
   WHERE coalesce(k.assigned, 0) <> coalesce(e.assigned, 0) OR coalesce(k.committed, 0) <> coalesce(e.committed, 0)
      OR coalesce(k.executed, 0) <> coalesce(e.executed, 0)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION budget_totals_compact() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  before_count integer;
  after_count integer;
BEGIN
  SELECT (SELECT count(*) FROM budget_item_totals) + (SELECT count(*) FROM budget_poa_totals)
       + (SELECT count(*) FROM budget_cell_totals) INTO before_count;
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
  WITH keys AS (SELECT line_id, item_id, cooperating_id, month FROM budget_cell_totals
                 GROUP BY line_id, item_id, cooperating_id, month HAVING count(*) > 1),
  gone AS (DELETE FROM budget_cell_totals t USING keys k
            WHERE t.line_id = k.line_id AND t.item_id = k.item_id AND t.cooperating_id = k.cooperating_id
              AND t.month = k.month
           RETURNING t.line_id, t.item_id, t.cooperating_id, t.month, t.assigned, t.committed, t.executed)
  INSERT INTO budget_cell_totals (line_id, item_id, cooperating_id, month, assigned, committed, executed)
  SELECT line_id, item_id, cooperating_id, month, sum(assigned), sum(committed), sum(executed)
    FROM gone GROUP BY line_id, item_id, cooperating_id, month;
  SELECT (SELECT count(*) FROM budget_item_totals) + (SELECT count(*) FROM budget_poa_totals)
       + (SELECT count(*) FROM budget_cell_totals) INTO after_count;
  RETURN before_count - after_count;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION budget_totals_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE budget_assignments, budget_commitments, budget_carry_forwards, planning_lines, planning_months
    IN SHARE MODE;
  LOCK TABLE budget_item_totals, budget_poa_totals, budget_cell_totals IN EXCLUSIVE MODE;
  DELETE FROM budget_item_totals;
  DELETE FROM budget_poa_totals;
  DELETE FROM budget_cell_totals;
  INSERT INTO budget_item_totals (item_id, year, assigned, committed, executed, carried)
  SELECT item_id, year, assigned, committed, executed, carried FROM budget_item_totals_expected;
  INSERT INTO budget_poa_totals (year, strategic_axis, program, month, planned, assigned, committed, executed)
  SELECT year, strategic_axis, program, month, planned, assigned, committed, executed FROM budget_poa_totals_expected;
  INSERT INTO budget_cell_totals (line_id, item_id, cooperating_id, month, assigned, committed, executed)
  SELECT line_id, item_id, cooperating_id, month, assigned, committed, executed FROM budget_cell_totals_expected;
END $$;
--> statement-breakpoint
SELECT budget_totals_rebuild();

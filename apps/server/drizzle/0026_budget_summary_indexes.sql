-- Issue 13 benchmark: the ledgers' line and item indexes carry the summed columns last, so the POA and funder summaries (and the limits' sums) read them index-only.
DROP INDEX "budget_assignments_line_idx";--> statement-breakpoint
DROP INDEX "budget_assignments_item_idx";--> statement-breakpoint
DROP INDEX "budget_commitments_line_idx";--> statement-breakpoint
DROP INDEX "budget_commitments_item_idx";--> statement-breakpoint
CREATE INDEX "budget_assignments_line_idx" ON "budget_assignments" USING btree ("line_id","item_id","month","amount");--> statement-breakpoint
CREATE INDEX "budget_assignments_item_idx" ON "budget_assignments" USING btree ("item_id","amount");--> statement-breakpoint
CREATE INDEX "budget_commitments_line_idx" ON "budget_commitments" USING btree ("line_id","item_id","month","kind","amount");--> statement-breakpoint
CREATE INDEX "budget_commitments_item_idx" ON "budget_commitments" USING btree ("item_id","kind","amount");
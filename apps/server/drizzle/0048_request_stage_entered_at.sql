ALTER TABLE "expense_requests" ADD COLUMN "stage_entered_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Existing requests: when they entered their status, from their open stage time (else their last change).
UPDATE "expense_requests" r SET "stage_entered_at" = coalesce(
  (SELECT max(s."entered_at") FROM "workflow_stage_times" s
    WHERE s."workflow" = 'expense_request' AND s."record_id" = r."id" AND s."exited_at" IS NULL),
  r."updated_at");--> statement-breakpoint
CREATE INDEX "expense_requests_inbox_idx" ON "expense_requests" USING btree ("urgent" DESC NULLS LAST,"stage_entered_at","id");
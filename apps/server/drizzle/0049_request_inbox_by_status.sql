DROP INDEX "expense_requests_inbox_idx";--> statement-breakpoint
CREATE INDEX "expense_requests_requester_status_idx" ON "expense_requests" USING btree ("requester_id","status");--> statement-breakpoint
CREATE INDEX "expense_requests_inbox_idx" ON "expense_requests" USING btree ("status","urgent" DESC NULLS FIRST,"stage_entered_at","id");
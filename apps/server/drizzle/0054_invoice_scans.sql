ALTER TABLE "expense_request_invoices" ADD COLUMN "scan_file_key" text;--> statement-breakpoint
ALTER TABLE "expense_request_invoices" ADD COLUMN "scan_name" text;--> statement-breakpoint
ALTER TABLE "expense_request_invoices" ADD COLUMN "scan_mime" text;--> statement-breakpoint
ALTER TABLE "expense_request_invoices" ADD COLUMN "scan_size_bytes" integer;--> statement-breakpoint
-- A file store key column ends in file_key (decision 0006), so collection and its guard test find it.
ALTER TABLE "expense_request_refunds" RENAME COLUMN "slip_key" TO "slip_file_key";--> statement-breakpoint
ALTER TABLE "expense_request_refunds" ADD COLUMN "slip_mime" text;--> statement-breakpoint
CREATE INDEX "expense_request_invoices_scan_key_idx" ON "expense_request_invoices" USING btree ("scan_file_key");--> statement-breakpoint
CREATE INDEX "expense_request_refunds_slip_key_idx" ON "expense_request_refunds" USING btree ("slip_file_key");
ALTER TABLE "expense_request_invoices" ADD COLUMN "scan_key" text;--> statement-breakpoint
ALTER TABLE "expense_request_invoices" ADD COLUMN "scan_name" text;--> statement-breakpoint
ALTER TABLE "expense_request_invoices" ADD COLUMN "scan_mime" text;--> statement-breakpoint
ALTER TABLE "expense_request_invoices" ADD COLUMN "scan_size_bytes" integer;--> statement-breakpoint
ALTER TABLE "expense_request_refunds" ADD COLUMN "slip_mime" text;--> statement-breakpoint
CREATE INDEX "expense_request_invoices_scan_key_idx" ON "expense_request_invoices" USING btree ("scan_key");--> statement-breakpoint
CREATE INDEX "expense_request_refunds_slip_key_idx" ON "expense_request_refunds" USING btree ("slip_key");
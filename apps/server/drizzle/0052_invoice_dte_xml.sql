ALTER TABLE "expense_request_invoices" ADD COLUMN "dte_xml" text;--> statement-breakpoint
ALTER TABLE "expense_request_invoices" ADD COLUMN "iva_affiliation" text;
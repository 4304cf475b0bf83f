CREATE TABLE "expense_request_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"document" text NOT NULL,
	"provider_id" uuid NOT NULL,
	"issuer_nit" text NOT NULL,
	"authorization" text,
	"serie" text,
	"number" text NOT NULL,
	"invoice_key" text NOT NULL,
	"emitted_on" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"base" numeric(14, 2) NOT NULL,
	"isr_retained" numeric(14, 2) NOT NULL,
	"iva_retained" numeric(14, 2) NOT NULL,
	"retention_certificate" text,
	"sat_checked_at" timestamp with time zone,
	"sat_checked_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "expense_request_invoices_amount_check" CHECK ("expense_request_invoices"."amount" > 0),
	CONSTRAINT "expense_request_invoices_fel_check" CHECK (("expense_request_invoices"."authorization" is null) = ("expense_request_invoices"."document" like 'paper_%'))
);
--> statement-breakpoint
ALTER TABLE "expense_request_invoices" ADD CONSTRAINT "expense_request_invoices_request_id_expense_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."expense_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_request_invoices" ADD CONSTRAINT "expense_request_invoices_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_request_invoices" ADD CONSTRAINT "expense_request_invoices_sat_checked_by_users_id_fk" FOREIGN KEY ("sat_checked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "expense_request_invoices_key" ON "expense_request_invoices" USING btree ("invoice_key");--> statement-breakpoint
CREATE INDEX "expense_request_invoices_request_idx" ON "expense_request_invoices" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "expense_request_invoices_provider_idx" ON "expense_request_invoices" USING btree ("provider_id");
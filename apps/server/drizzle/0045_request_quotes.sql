CREATE TABLE "expense_request_quote_prices" (
	"quote_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	CONSTRAINT "expense_request_quote_prices_quote_id_item_id_pk" PRIMARY KEY("quote_id","item_id"),
	CONSTRAINT "expense_request_quote_prices_positive_check" CHECK ("expense_request_quote_prices"."unit_price" > 0)
);
--> statement-breakpoint
CREATE TABLE "expense_request_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"delivery_days" integer,
	"warranty" text,
	"valid_until" date NOT NULL,
	"agreement_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "expense_requests" ADD COLUMN "selected_quote_id" uuid;--> statement-breakpoint
ALTER TABLE "expense_requests" ADD COLUMN "selection_justification" text;--> statement-breakpoint
ALTER TABLE "expense_request_quote_prices" ADD CONSTRAINT "expense_request_quote_prices_quote_id_expense_request_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."expense_request_quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_request_quote_prices" ADD CONSTRAINT "expense_request_quote_prices_item_id_expense_request_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."expense_request_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_request_quotes" ADD CONSTRAINT "expense_request_quotes_request_id_expense_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."expense_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_request_quotes" ADD CONSTRAINT "expense_request_quotes_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_request_quotes" ADD CONSTRAINT "expense_request_quotes_agreement_id_provider_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."provider_agreements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "expense_request_quotes_provider_key" ON "expense_request_quotes" USING btree ("request_id","provider_id");
CREATE TABLE "petty_cash_counts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fund_id" uuid NOT NULL,
	"fund_amount" numeric(14, 2) NOT NULL,
	"cash" numeric(14, 2) NOT NULL,
	"receipts" numeric(14, 2) NOT NULL,
	"difference" numeric(14, 2) NOT NULL,
	"notes" text,
	"counted_by" uuid,
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "petty_cash_counts_cash_check" CHECK ("petty_cash_counts"."cash" >= 0 and "petty_cash_counts"."receipts" >= 0),
	CONSTRAINT "petty_cash_counts_difference_check" CHECK ("petty_cash_counts"."difference" = "petty_cash_counts"."cash" + "petty_cash_counts"."receipts" - "petty_cash_counts"."fund_amount")
);
--> statement-breakpoint
CREATE TABLE "petty_cash_expenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fund_id" uuid NOT NULL,
	"spent_on" date NOT NULL,
	"description" text NOT NULL,
	"receipt" text,
	"amount" numeric(14, 2) NOT NULL,
	"replenishment_request_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "petty_cash_expenses_amount_check" CHECK ("petty_cash_expenses"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "petty_cash_funds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"headquarter_id" uuid NOT NULL,
	"custodian_id" uuid NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"notes" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "petty_cash_funds_amount_check" CHECK ("petty_cash_funds"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "expense_request_quotes" ADD COLUMN "file_key" text;--> statement-breakpoint
ALTER TABLE "expense_request_quotes" ADD COLUMN "file_name" text;--> statement-breakpoint
ALTER TABLE "expense_request_quotes" ADD COLUMN "file_size_bytes" integer;--> statement-breakpoint
ALTER TABLE "expense_requests" ADD COLUMN "petty_cash_fund_id" uuid;--> statement-breakpoint
ALTER TABLE "expense_requests" ADD COLUMN "petty_cash_count_id" uuid;--> statement-breakpoint
ALTER TABLE "expense_requests" ADD COLUMN "voucher_range_id" uuid;--> statement-breakpoint
ALTER TABLE "petty_cash_counts" ADD CONSTRAINT "petty_cash_counts_fund_id_petty_cash_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."petty_cash_funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "petty_cash_counts" ADD CONSTRAINT "petty_cash_counts_counted_by_users_id_fk" FOREIGN KEY ("counted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "petty_cash_expenses" ADD CONSTRAINT "petty_cash_expenses_fund_id_petty_cash_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."petty_cash_funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "petty_cash_funds" ADD CONSTRAINT "petty_cash_funds_headquarter_id_headquarters_id_fk" FOREIGN KEY ("headquarter_id") REFERENCES "public"."headquarters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "petty_cash_funds" ADD CONSTRAINT "petty_cash_funds_custodian_id_users_id_fk" FOREIGN KEY ("custodian_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "petty_cash_counts_fund_idx" ON "petty_cash_counts" USING btree ("fund_id","counted_at");--> statement-breakpoint
CREATE INDEX "petty_cash_expenses_fund_idx" ON "petty_cash_expenses" USING btree ("fund_id","spent_on");--> statement-breakpoint
CREATE INDEX "petty_cash_expenses_request_idx" ON "petty_cash_expenses" USING btree ("replenishment_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "petty_cash_funds_headquarter_key" ON "petty_cash_funds" USING btree ("headquarter_id") WHERE "petty_cash_funds"."active";--> statement-breakpoint
CREATE INDEX "petty_cash_funds_custodian_idx" ON "petty_cash_funds" USING btree ("custodian_id");--> statement-breakpoint
ALTER TABLE "expense_requests" ADD CONSTRAINT "expense_requests_petty_cash_fund_id_petty_cash_funds_id_fk" FOREIGN KEY ("petty_cash_fund_id") REFERENCES "public"."petty_cash_funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_requests" ADD CONSTRAINT "expense_requests_petty_cash_count_id_petty_cash_counts_id_fk" FOREIGN KEY ("petty_cash_count_id") REFERENCES "public"."petty_cash_counts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_requests" ADD CONSTRAINT "expense_requests_voucher_range_id_voucher_ranges_id_fk" FOREIGN KEY ("voucher_range_id") REFERENCES "public"."voucher_ranges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expense_request_quotes_agreement_idx" ON "expense_request_quotes" USING btree ("agreement_id");--> statement-breakpoint
CREATE INDEX "expense_request_quotes_file_key_idx" ON "expense_request_quotes" USING btree ("file_key");--> statement-breakpoint
CREATE UNIQUE INDEX "expense_requests_petty_cash_count_key" ON "expense_requests" USING btree ("petty_cash_count_id") WHERE "expense_requests"."petty_cash_count_id" is not null and "expense_requests"."status" <> 'rechazado';--> statement-breakpoint
-- Not in the schema files: petty_cash.table.ts cannot import requests.table.ts (which imports it).
ALTER TABLE "petty_cash_expenses" ADD CONSTRAINT "petty_cash_expenses_replenishment_request_id_fk" FOREIGN KEY ("replenishment_request_id") REFERENCES "public"."expense_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A count is a record of cash found: it is never edited or removed (as the audit log).
CREATE TRIGGER petty_cash_counts_append_only BEFORE UPDATE OR DELETE ON "petty_cash_counts" FOR EACH ROW EXECUTE FUNCTION amparo_refuse_change();--> statement-breakpoint
CREATE TRIGGER petty_cash_counts_no_truncate BEFORE TRUNCATE ON "petty_cash_counts" FOR EACH STATEMENT EXECUTE FUNCTION amparo_refuse_change();

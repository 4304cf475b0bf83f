CREATE TABLE "cooperating_disbursements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cooperating_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"date" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"exchange_rate" numeric(12, 6) NOT NULL,
	"amount_quetzales" numeric(14, 2) NOT NULL,
	"rate_source" text,
	"reference" text,
	"author_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cooperating_disbursements_amount_check" CHECK ("cooperating_disbursements"."amount" > 0),
	CONSTRAINT "cooperating_disbursements_rate_check" CHECK ("cooperating_disbursements"."exchange_rate" > 0),
	CONSTRAINT "cooperating_disbursements_gtq_rate_check" CHECK ("cooperating_disbursements"."currency" <> 'GTQ' or "cooperating_disbursements"."exchange_rate" = 1),
	CONSTRAINT "cooperating_disbursements_quetzales_check" CHECK ("cooperating_disbursements"."amount_quetzales" = round("cooperating_disbursements"."amount" * "cooperating_disbursements"."exchange_rate", 2))
);
--> statement-breakpoint
ALTER TABLE "cooperating" ADD COLUMN "agreed_amount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "cooperating_disbursements" ADD CONSTRAINT "cooperating_disbursements_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- The (id, currency) key goes before the foreign key that targets it (drizzle-kit puts it after).
ALTER TABLE "cooperating" ADD CONSTRAINT "cooperating_id_currency_key" UNIQUE("id","currency");--> statement-breakpoint
ALTER TABLE "cooperating_disbursements" ADD CONSTRAINT "cooperating_disbursements_cooperating_fk" FOREIGN KEY ("cooperating_id","currency") REFERENCES "public"."cooperating"("id","currency") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cooperating_disbursements_cooperating_idx" ON "cooperating_disbursements" USING btree ("cooperating_id","date");--> statement-breakpoint
ALTER TABLE "cooperating" ADD CONSTRAINT "cooperating_agreed_check" CHECK ("cooperating"."agreed_amount" is null or ("cooperating"."agreed_amount" > 0 and "cooperating"."currency" <> 'GTQ'));--> statement-breakpoint
-- Issue 13 section 2: disbursements are append-only, like the items' transactions (0019_cooperating.sql).
CREATE TRIGGER cooperating_disbursements_append_only BEFORE UPDATE OR DELETE ON "cooperating_disbursements" FOR EACH ROW EXECUTE FUNCTION amparo_refuse_change();
--> statement-breakpoint
CREATE TRIGGER cooperating_disbursements_no_truncate BEFORE TRUNCATE ON "cooperating_disbursements" FOR EACH STATEMENT EXECUTE FUNCTION amparo_refuse_change();

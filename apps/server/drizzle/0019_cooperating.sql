CREATE TABLE "cooperating" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"contact_name" text,
	"contact_email" text,
	"contact_phone" text,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"currency" text NOT NULL,
	"ceiling" numeric(14, 2) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "cooperating_period_check" CHECK ("cooperating"."end_date" >= "cooperating"."start_date"),
	CONSTRAINT "cooperating_ceiling_check" CHECK ("cooperating"."ceiling" >= 0),
	CONSTRAINT "cooperating_currency_check" CHECK ("cooperating"."currency" in ('GTQ', 'USD', 'EUR'))
);
--> statement-breakpoint
CREATE TABLE "cooperating_goals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"start_correlative" integer NOT NULL,
	"end_correlative" integer NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "cooperating_goals_range_check" CHECK ("cooperating_goals"."end_correlative" >= "cooperating_goals"."start_correlative")
);
--> statement-breakpoint
CREATE TABLE "cooperating_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cooperating_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"initial_amount" numeric(14, 2) NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "cooperating_items_id_cooperating_key" UNIQUE("id","cooperating_id"),
	CONSTRAINT "cooperating_items_initial_check" CHECK ("cooperating_items"."initial_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cooperating_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cooperating_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"type" text NOT NULL,
	"date" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"reason" text NOT NULL,
	"author_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cooperating_transactions_type_check" CHECK ("cooperating_transactions"."type" in ('sum', 'subtraction')),
	CONSTRAINT "cooperating_transactions_amount_check" CHECK ("cooperating_transactions"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "cooperating_goals" ADD CONSTRAINT "cooperating_goals_item_id_cooperating_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."cooperating_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cooperating_items" ADD CONSTRAINT "cooperating_items_cooperating_id_cooperating_id_fk" FOREIGN KEY ("cooperating_id") REFERENCES "public"."cooperating"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cooperating_transactions" ADD CONSTRAINT "cooperating_transactions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cooperating_transactions" ADD CONSTRAINT "cooperating_transactions_item_fk" FOREIGN KEY ("item_id","cooperating_id") REFERENCES "public"."cooperating_items"("id","cooperating_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cooperating_code_key" ON "cooperating" USING btree (upper("code"));--> statement-breakpoint
CREATE INDEX "cooperating_goals_item_idx" ON "cooperating_goals" USING btree ("item_id","start_correlative");--> statement-breakpoint
CREATE UNIQUE INDEX "cooperating_items_code_key" ON "cooperating_items" USING btree ("cooperating_id",upper("code"));--> statement-breakpoint
CREATE INDEX "cooperating_transactions_item_idx" ON "cooperating_transactions" USING btree ("item_id","created_at");--> statement-breakpoint
CREATE INDEX "cooperating_transactions_cooperating_idx" ON "cooperating_transactions" USING btree ("cooperating_id");--> statement-breakpoint
-- Issue 13 section 2: an item's transactions are append-only, like the audit trail (0010_append_only.sql).
CREATE TRIGGER cooperating_transactions_append_only BEFORE UPDATE OR DELETE ON "cooperating_transactions" FOR EACH ROW EXECUTE FUNCTION amparo_refuse_change();
--> statement-breakpoint
CREATE TRIGGER cooperating_transactions_no_truncate BEFORE TRUNCATE ON "cooperating_transactions" FOR EACH STATEMENT EXECUTE FUNCTION amparo_refuse_change();

CREATE TABLE "plan_revision_months" (
	"revision_id" uuid NOT NULL,
	"line_id" uuid NOT NULL,
	"strategic_axis" text NOT NULL,
	"program" text NOT NULL,
	"expense_type" text NOT NULL,
	"month" integer NOT NULL,
	"goal" numeric(12, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "plan_revision_months_revision_id_line_id_month_pk" PRIMARY KEY("revision_id","line_id","month")
);
--> statement-breakpoint
CREATE TABLE "plan_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"year" integer NOT NULL,
	"revision" integer NOT NULL,
	"reason" text,
	"approved_by" uuid NOT NULL,
	"approved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_years" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"year" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"submitted_by" uuid,
	"revision_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_years_status_check" CHECK ("plan_years"."status" in ('draft', 'submitted', 'approved'))
);
--> statement-breakpoint
ALTER TABLE "plan_revision_months" ADD CONSTRAINT "plan_revision_months_revision_id_plan_revisions_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."plan_revisions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_revisions" ADD CONSTRAINT "plan_revisions_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_years" ADD CONSTRAINT "plan_years_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_revision_months_line_idx" ON "plan_revision_months" USING btree ("line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_revisions_year_key" ON "plan_revisions" USING btree ("year","revision");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_years_year_key" ON "plan_years" USING btree ("year");--> statement-breakpoint
-- Issue 13 section 3: approved revisions and their figures are kept as approved (0010_append_only.sql).
CREATE TRIGGER plan_revisions_append_only BEFORE UPDATE OR DELETE ON "plan_revisions" FOR EACH ROW EXECUTE FUNCTION amparo_refuse_change();
--> statement-breakpoint
CREATE TRIGGER plan_revisions_no_truncate BEFORE TRUNCATE ON "plan_revisions" FOR EACH STATEMENT EXECUTE FUNCTION amparo_refuse_change();
--> statement-breakpoint
CREATE TRIGGER plan_revision_months_append_only BEFORE UPDATE OR DELETE ON "plan_revision_months" FOR EACH ROW EXECUTE FUNCTION amparo_refuse_change();
--> statement-breakpoint
CREATE TRIGGER plan_revision_months_no_truncate BEFORE TRUNCATE ON "plan_revision_months" FOR EACH STATEMENT EXECUTE FUNCTION amparo_refuse_change();

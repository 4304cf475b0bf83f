CREATE TABLE "budget_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"line_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"cooperating_id" uuid NOT NULL,
	"month" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"transfer_id" uuid,
	"author_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budget_assignments_month_check" CHECK ("budget_assignments"."month" between 1 and 12),
	CONSTRAINT "budget_assignments_amount_check" CHECK ("budget_assignments"."amount" <> 0),
	CONSTRAINT "budget_assignments_kind_check" CHECK ("budget_assignments"."kind" in ('increase', 'decrease', 'copy', 'transfer'))
);
--> statement-breakpoint
CREATE TABLE "budget_commitments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"line_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"cooperating_id" uuid NOT NULL,
	"month" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"source_type" text NOT NULL,
	"source_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budget_commitments_month_check" CHECK ("budget_commitments"."month" between 1 and 12),
	CONSTRAINT "budget_commitments_amount_check" CHECK ("budget_commitments"."amount" <> 0),
	CONSTRAINT "budget_commitments_kind_check" CHECK ("budget_commitments"."kind" in ('commit', 'release', 'execute'))
);
--> statement-breakpoint
CREATE TABLE "budget_control_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"line_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"cooperating_id" uuid NOT NULL,
	"month" integer NOT NULL,
	"outcome" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"available" numeric(14, 2) NOT NULL,
	"reason" text,
	"source_type" text NOT NULL,
	"source_id" uuid,
	"actor_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budget_control_events_outcome_check" CHECK ("budget_control_events"."outcome" in ('warned', 'overridden'))
);
--> statement-breakpoint
CREATE TABLE "budget_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"cooperating_id" uuid NOT NULL,
	"from_line_id" uuid NOT NULL,
	"from_month" integer NOT NULL,
	"to_line_id" uuid NOT NULL,
	"to_month" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"reason" text NOT NULL,
	"author_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budget_transfers_amount_check" CHECK ("budget_transfers"."amount" > 0),
	CONSTRAINT "budget_transfers_months_check" CHECK ("budget_transfers"."from_month" between 1 and 12 and "budget_transfers"."to_month" between 1 and 12)
);
--> statement-breakpoint
ALTER TABLE "cooperating" ADD COLUMN "control_mode" text DEFAULT 'stop' NOT NULL;--> statement-breakpoint
ALTER TABLE "budget_assignments" ADD CONSTRAINT "budget_assignments_line_id_planning_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."planning_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_assignments" ADD CONSTRAINT "budget_assignments_transfer_id_budget_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."budget_transfers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_assignments" ADD CONSTRAINT "budget_assignments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_assignments" ADD CONSTRAINT "budget_assignments_item_fk" FOREIGN KEY ("item_id","cooperating_id") REFERENCES "public"."cooperating_items"("id","cooperating_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_commitments" ADD CONSTRAINT "budget_commitments_line_id_planning_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."planning_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_commitments" ADD CONSTRAINT "budget_commitments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_commitments" ADD CONSTRAINT "budget_commitments_item_fk" FOREIGN KEY ("item_id","cooperating_id") REFERENCES "public"."cooperating_items"("id","cooperating_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_control_events" ADD CONSTRAINT "budget_control_events_line_id_planning_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."planning_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_control_events" ADD CONSTRAINT "budget_control_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_control_events" ADD CONSTRAINT "budget_control_events_item_fk" FOREIGN KEY ("item_id","cooperating_id") REFERENCES "public"."cooperating_items"("id","cooperating_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_transfers" ADD CONSTRAINT "budget_transfers_from_line_id_planning_lines_id_fk" FOREIGN KEY ("from_line_id") REFERENCES "public"."planning_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_transfers" ADD CONSTRAINT "budget_transfers_to_line_id_planning_lines_id_fk" FOREIGN KEY ("to_line_id") REFERENCES "public"."planning_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_transfers" ADD CONSTRAINT "budget_transfers_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_transfers" ADD CONSTRAINT "budget_transfers_item_fk" FOREIGN KEY ("item_id","cooperating_id") REFERENCES "public"."cooperating_items"("id","cooperating_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "budget_assignments_line_idx" ON "budget_assignments" USING btree ("line_id","item_id","month");--> statement-breakpoint
CREATE INDEX "budget_assignments_item_idx" ON "budget_assignments" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "budget_assignments_cooperating_idx" ON "budget_assignments" USING btree ("cooperating_id");--> statement-breakpoint
CREATE INDEX "budget_commitments_line_idx" ON "budget_commitments" USING btree ("line_id","item_id","month");--> statement-breakpoint
CREATE INDEX "budget_commitments_item_idx" ON "budget_commitments" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "budget_commitments_source_idx" ON "budget_commitments" USING btree ("source_type","source_id");--> statement-breakpoint
CREATE INDEX "budget_control_events_line_idx" ON "budget_control_events" USING btree ("line_id","month");--> statement-breakpoint
ALTER TABLE "cooperating" ADD CONSTRAINT "cooperating_control_mode_check" CHECK ("cooperating"."control_mode" in ('stop', 'warn'));--> statement-breakpoint
-- Issue 13 section 4: the budget ledgers and transfer documents are append-only (0010_append_only.sql).
CREATE TRIGGER budget_transfers_append_only BEFORE UPDATE OR DELETE ON "budget_transfers" FOR EACH ROW EXECUTE FUNCTION amparo_refuse_change();
--> statement-breakpoint
CREATE TRIGGER budget_transfers_no_truncate BEFORE TRUNCATE ON "budget_transfers" FOR EACH STATEMENT EXECUTE FUNCTION amparo_refuse_change();
--> statement-breakpoint
CREATE TRIGGER budget_assignments_append_only BEFORE UPDATE OR DELETE ON "budget_assignments" FOR EACH ROW EXECUTE FUNCTION amparo_refuse_change();
--> statement-breakpoint
CREATE TRIGGER budget_assignments_no_truncate BEFORE TRUNCATE ON "budget_assignments" FOR EACH STATEMENT EXECUTE FUNCTION amparo_refuse_change();
--> statement-breakpoint
CREATE TRIGGER budget_commitments_append_only BEFORE UPDATE OR DELETE ON "budget_commitments" FOR EACH ROW EXECUTE FUNCTION amparo_refuse_change();
--> statement-breakpoint
CREATE TRIGGER budget_commitments_no_truncate BEFORE TRUNCATE ON "budget_commitments" FOR EACH STATEMENT EXECUTE FUNCTION amparo_refuse_change();
--> statement-breakpoint
CREATE TRIGGER budget_control_events_append_only BEFORE UPDATE OR DELETE ON "budget_control_events" FOR EACH ROW EXECUTE FUNCTION amparo_refuse_change();
--> statement-breakpoint
CREATE TRIGGER budget_control_events_no_truncate BEFORE TRUNCATE ON "budget_control_events" FOR EACH STATEMENT EXECUTE FUNCTION amparo_refuse_change();

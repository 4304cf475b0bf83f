CREATE TABLE "workflow_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workflow_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"workflow" text NOT NULL,
	"record_id" uuid NOT NULL,
	"transition" text NOT NULL,
	"from_state" text NOT NULL,
	"to_state" text NOT NULL,
	"skipped" text[] DEFAULT '{}' NOT NULL,
	"actor_id" uuid,
	"acting_for_id" uuid,
	"system" text,
	"reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "workflow_history_record_idx" ON "workflow_history" USING btree ("workflow","record_id","id");--> statement-breakpoint
-- Issue 12: the history of workflow changes is append-only, like the audit trail (0010_append_only.sql).
CREATE TRIGGER workflow_history_append_only BEFORE UPDATE OR DELETE ON "workflow_history" FOR EACH ROW EXECUTE FUNCTION amparo_refuse_change();
--> statement-breakpoint
CREATE TRIGGER workflow_history_no_truncate BEFORE TRUNCATE ON "workflow_history" FOR EACH STATEMENT EXECUTE FUNCTION amparo_refuse_change();

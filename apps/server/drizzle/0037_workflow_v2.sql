CREATE TABLE "workflow_delegations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"from_user_id" uuid NOT NULL,
	"to_user_id" uuid NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone,
	"workflow" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_delegations_not_self" CHECK ("workflow_delegations"."from_user_id" <> "workflow_delegations"."to_user_id"),
	CONSTRAINT "workflow_delegations_range" CHECK ("workflow_delegations"."valid_until" is null or "workflow_delegations"."valid_until" > "workflow_delegations"."valid_from")
);
--> statement-breakpoint
CREATE TABLE "workflow_stage_times" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workflow_stage_times_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"workflow" text NOT NULL,
	"record_id" uuid NOT NULL,
	"state" text NOT NULL,
	"entered_at" timestamp with time zone NOT NULL,
	"exited_at" timestamp with time zone,
	"working_minutes" integer,
	"entered_by" text,
	"exited_by" text
);
--> statement-breakpoint
ALTER TABLE "workflow_history" ADD COLUMN "details" jsonb;--> statement-breakpoint
CREATE INDEX "workflow_delegations_to_idx" ON "workflow_delegations" USING btree ("to_user_id","valid_from");--> statement-breakpoint
CREATE INDEX "workflow_delegations_from_idx" ON "workflow_delegations" USING btree ("from_user_id","valid_from");--> statement-breakpoint
CREATE INDEX "workflow_stage_times_record_idx" ON "workflow_stage_times" USING btree ("workflow","record_id","id");--> statement-breakpoint
CREATE INDEX "workflow_stage_times_open_idx" ON "workflow_stage_times" USING btree ("workflow","state") WHERE "workflow_stage_times"."exited_at" is null;--> statement-breakpoint
CREATE INDEX "workflow_stage_times_exited_idx" ON "workflow_stage_times" USING btree ("workflow","exited_at");

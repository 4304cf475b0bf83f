ALTER TABLE "workflow_delegations" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workflow_delegations" ADD COLUMN "ended_by" uuid;
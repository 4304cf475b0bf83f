ALTER TABLE "mail_outbox" ADD COLUMN "scrub" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;
CREATE TABLE "user_email_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"old_email" text NOT NULL,
	"new_email" text NOT NULL,
	"kind" text NOT NULL,
	"reason" text,
	"changed_by" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancel_token_hash" text,
	"cancel_expires_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "user_email_changes_cancel_token_hash_unique" UNIQUE("cancel_token_hash")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_email_changes" ADD CONSTRAINT "user_email_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_email_changes" ADD CONSTRAINT "user_email_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_email_changes_user_idx" ON "user_email_changes" USING btree ("user_id","changed_at");--> statement-breakpoint
CREATE INDEX "user_email_changes_old_idx" ON "user_email_changes" USING btree (lower("old_email"),"changed_at");
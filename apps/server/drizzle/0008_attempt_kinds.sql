DROP INDEX "login_failures_account_idx";--> statement-breakpoint
DROP INDEX "login_failures_ip_idx";--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "kind" text DEFAULT 'login' NOT NULL;--> statement-breakpoint
CREATE INDEX "login_failures_kind_account_idx" ON "login_failures" USING btree ("kind","account_key","at");--> statement-breakpoint
CREATE INDEX "login_failures_kind_ip_idx" ON "login_failures" USING btree ("kind","ip","at");
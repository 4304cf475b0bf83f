CREATE TABLE "security_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "security_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"login_name" text,
	"code" text,
	"ip" text,
	"method" text,
	"route" text,
	"request_id" text
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "client_request_id" text;--> statement-breakpoint
CREATE INDEX "security_events_at_idx" ON "security_events" USING btree ("at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "security_events_kind_idx" ON "security_events" USING btree ("kind","at" DESC NULLS LAST);
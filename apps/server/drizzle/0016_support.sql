CREATE TABLE "support_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"author_id" uuid,
	"body" text NOT NULL,
	"internal" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_key" text NOT NULL,
	"internal" boolean DEFAULT false NOT NULL,
	"uploaded_by" uuid,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"auto_close_days" integer DEFAULT 5 NOT NULL,
	CONSTRAINT "support_settings_one_row" CHECK ("support_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "support_targets" (
	"priority" text PRIMARY KEY NOT NULL,
	"response_hours" integer NOT NULL,
	"resolution_hours" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_ticket_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"type" text NOT NULL,
	"priority" text NOT NULL,
	"criticality" text NOT NULL,
	"status" text DEFAULT 'generado' NOT NULL,
	"headquarter_id" uuid NOT NULL,
	"description" text NOT NULL,
	"requester_id" uuid,
	"assignee_id" uuid,
	"estimated_date" date,
	"follow_up_date" date,
	"response_due_at" timestamp with time zone NOT NULL,
	"responded_at" timestamp with time zone,
	"resolution_due_at" timestamp with time zone,
	"paused_at" timestamp with time zone,
	"paused_minutes" integer DEFAULT 0 NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolution_working_minutes" integer,
	"auto_close_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_tickets_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "support_comments" ADD CONSTRAINT "support_comments_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_comments" ADD CONSTRAINT "support_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_files" ADD CONSTRAINT "support_files_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_files" ADD CONSTRAINT "support_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_headquarter_id_headquarters_id_fk" FOREIGN KEY ("headquarter_id") REFERENCES "public"."headquarters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_comments_ticket_idx" ON "support_comments" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "support_comments_body_trgm_idx" ON "support_comments" USING gin ("body" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "support_files_ticket_idx" ON "support_files" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "support_files_key_idx" ON "support_files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "support_tickets_status_idx" ON "support_tickets" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "support_tickets_status_updated_idx" ON "support_tickets" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "support_tickets_created_idx" ON "support_tickets" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "support_tickets_requester_idx" ON "support_tickets" USING btree ("requester_id","created_at");--> statement-breakpoint
CREATE INDEX "support_tickets_assignee_idx" ON "support_tickets" USING btree ("assignee_id","status");--> statement-breakpoint
CREATE INDEX "support_tickets_auto_close_idx" ON "support_tickets" USING btree ("auto_close_at") WHERE auto_close_at is not null;--> statement-breakpoint
CREATE INDEX "support_tickets_description_trgm_idx" ON "support_tickets" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "support_tickets_number_trgm_idx" ON "support_tickets" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
-- Default service targets (issue 12), in working hours: a support manager changes them in the module's settings.
INSERT INTO "support_targets" ("priority", "response_hours", "resolution_hours") VALUES ('alta', 2, 8), ('media', 4, 24), ('baja', 8, 40);--> statement-breakpoint
INSERT INTO "support_settings" ("id", "auto_close_days") VALUES (1, 5);

CREATE TABLE "payroll_rows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"upload_id" uuid NOT NULL,
	"file_line" integer NOT NULL,
	"collaborator_id" uuid NOT NULL,
	"line_id" uuid NOT NULL,
	"salary" numeric(14, 2) NOT NULL,
	"bonus" numeric(14, 2) NOT NULL,
	"igss_employer" numeric(14, 2) NOT NULL,
	"benefits" numeric(14, 2) NOT NULL,
	"isr_withheld" numeric(14, 2) NOT NULL,
	"total" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payroll_uploads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"file_hash" text NOT NULL,
	"rows" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"executed_by" uuid NOT NULL,
	"executed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replaced_at" timestamp with time zone,
	"replaced_by_id" uuid,
	CONSTRAINT "payroll_uploads_status_check" CHECK ("payroll_uploads"."status" in ('active', 'replaced')),
	CONSTRAINT "payroll_uploads_month_check" CHECK ("payroll_uploads"."month" between 1 and 12)
);
--> statement-breakpoint
ALTER TABLE "payroll_rows" ADD CONSTRAINT "payroll_rows_upload_id_payroll_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."payroll_uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_rows" ADD CONSTRAINT "payroll_rows_collaborator_id_collaborators_id_fk" FOREIGN KEY ("collaborator_id") REFERENCES "public"."collaborators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_rows" ADD CONSTRAINT "payroll_rows_line_id_planning_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."planning_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_uploads" ADD CONSTRAINT "payroll_uploads_executed_by_users_id_fk" FOREIGN KEY ("executed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_uploads" ADD CONSTRAINT "payroll_uploads_replaced_by_id_payroll_uploads_id_fk" FOREIGN KEY ("replaced_by_id") REFERENCES "public"."payroll_uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payroll_rows_upload_idx" ON "payroll_rows" USING btree ("upload_id","line_id");--> statement-breakpoint
CREATE INDEX "payroll_rows_collaborator_idx" ON "payroll_rows" USING btree ("collaborator_id");--> statement-breakpoint
CREATE INDEX "payroll_rows_line_idx" ON "payroll_rows" USING btree ("line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_uploads_active_month_key" ON "payroll_uploads" USING btree ("year","month") WHERE "payroll_uploads"."status" = 'active';--> statement-breakpoint
CREATE INDEX "payroll_uploads_executed_idx" ON "payroll_uploads" USING btree ("executed_at");
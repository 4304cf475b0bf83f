CREATE TABLE "planning_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"year" integer NOT NULL,
	"strategic_axis" text NOT NULL,
	"program" text NOT NULL,
	"expense_type" text NOT NULL,
	"description" text NOT NULL,
	"goal_unit" text NOT NULL,
	"responsible_id" uuid NOT NULL,
	"planner_id" uuid NOT NULL,
	"headquarter_id" uuid NOT NULL,
	"municipality" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "planning_months" (
	"line_id" uuid NOT NULL,
	"month" integer NOT NULL,
	"goal" numeric(12, 2) DEFAULT '0' NOT NULL,
	"amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "planning_months_line_id_month_pk" PRIMARY KEY("line_id","month"),
	CONSTRAINT "planning_months_month_check" CHECK ("planning_months"."month" between 1 and 12),
	CONSTRAINT "planning_months_amount_check" CHECK ("planning_months"."amount" >= 0 and "planning_months"."goal" >= 0)
);
--> statement-breakpoint
ALTER TABLE "planning_lines" ADD CONSTRAINT "planning_lines_responsible_id_users_id_fk" FOREIGN KEY ("responsible_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_lines" ADD CONSTRAINT "planning_lines_planner_id_users_id_fk" FOREIGN KEY ("planner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_lines" ADD CONSTRAINT "planning_lines_headquarter_id_headquarters_id_fk" FOREIGN KEY ("headquarter_id") REFERENCES "public"."headquarters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_lines" ADD CONSTRAINT "planning_lines_municipality_municipalities_code_fk" FOREIGN KEY ("municipality") REFERENCES "public"."municipalities"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_months" ADD CONSTRAINT "planning_months_line_id_planning_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."planning_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "planning_lines_year_idx" ON "planning_lines" USING btree ("year","strategic_axis","program");--> statement-breakpoint
CREATE INDEX "planning_lines_responsible_idx" ON "planning_lines" USING btree ("responsible_id","year");
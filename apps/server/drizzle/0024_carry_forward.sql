CREATE TABLE "budget_carry_forwards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"cooperating_id" uuid NOT NULL,
	"from_year" integer NOT NULL,
	"to_year" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"requested_by" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budget_carry_forwards_amount_check" CHECK ("budget_carry_forwards"."amount" > 0),
	CONSTRAINT "budget_carry_forwards_years_check" CHECK ("budget_carry_forwards"."to_year" = "budget_carry_forwards"."from_year" + 1),
	CONSTRAINT "budget_carry_forwards_status_check" CHECK ("budget_carry_forwards"."status" in ('requested', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "plan_years" DROP CONSTRAINT "plan_years_status_check";--> statement-breakpoint
ALTER TABLE "budget_carry_forwards" ADD CONSTRAINT "budget_carry_forwards_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_carry_forwards" ADD CONSTRAINT "budget_carry_forwards_item_fk" FOREIGN KEY ("item_id","cooperating_id") REFERENCES "public"."cooperating_items"("id","cooperating_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "budget_carry_forwards_item_idx" ON "budget_carry_forwards" USING btree ("item_id","from_year");--> statement-breakpoint
ALTER TABLE "plan_years" ADD CONSTRAINT "plan_years_status_check" CHECK ("plan_years"."status" in ('draft', 'submitted', 'approved', 'closed'));
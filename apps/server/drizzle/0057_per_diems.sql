CREATE TABLE "expense_request_per_diems" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"traveller_id" uuid NOT NULL,
	"destination" text NOT NULL,
	"days" numeric(4, 1) NOT NULL,
	"daily_rate" numeric(14, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "expense_request_per_diems_days_check" CHECK ("expense_request_per_diems"."days" > 0 and "expense_request_per_diems"."days" * 2 = trunc("expense_request_per_diems"."days" * 2)),
	CONSTRAINT "expense_request_per_diems_amount_check" CHECK ("expense_request_per_diems"."amount" = round("expense_request_per_diems"."days" * "expense_request_per_diems"."daily_rate", 2))
);
--> statement-breakpoint
ALTER TABLE "expense_request_per_diems" ADD CONSTRAINT "expense_request_per_diems_request_id_expense_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."expense_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_request_per_diems" ADD CONSTRAINT "expense_request_per_diems_traveller_id_users_id_fk" FOREIGN KEY ("traveller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expense_request_per_diems_request_idx" ON "expense_request_per_diems" USING btree ("request_id","created_at");
CREATE TABLE "expense_request_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"request_version" integer NOT NULL,
	"approved_by" uuid NOT NULL,
	"acting_for" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	CONSTRAINT "expense_request_approvals_stage_check" CHECK ("expense_request_approvals"."stage" in ('boss', 'superior', 'administration'))
);
--> statement-breakpoint
ALTER TABLE "expense_requests" ADD COLUMN "needs_superior" boolean;--> statement-breakpoint
ALTER TABLE "expense_request_approvals" ADD CONSTRAINT "expense_request_approvals_request_id_expense_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."expense_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_request_approvals" ADD CONSTRAINT "expense_request_approvals_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_request_approvals" ADD CONSTRAINT "expense_request_approvals_acting_for_users_id_fk" FOREIGN KEY ("acting_for") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expense_request_approvals_request_idx" ON "expense_request_approvals" USING btree ("request_id","at");
CREATE TABLE "expense_request_liquidator_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"from_user_id" uuid NOT NULL,
	"to_user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"changed_by" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expense_request_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"deposit_number" text,
	"deposited_on" date,
	"slip_key" text,
	"slip_name" text,
	"slip_size_bytes" integer,
	"received_at" timestamp with time zone,
	"received_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "expense_request_refunds_status_check" CHECK ("expense_request_refunds"."status" in ('pending', 'deposited', 'received', 'void')),
	CONSTRAINT "expense_request_refunds_amount_check" CHECK ("expense_request_refunds"."amount" >= 0),
	CONSTRAINT "expense_request_refunds_deposit_check" CHECK ("expense_request_refunds"."status" not in ('deposited', 'received') or ("expense_request_refunds"."deposit_number" is not null and "expense_request_refunds"."deposited_on" is not null))
);
--> statement-breakpoint
ALTER TABLE "expense_requests" ADD COLUMN "liquidator_id" uuid;--> statement-breakpoint
UPDATE "expense_requests" SET "liquidator_id" = "requester_id";--> statement-breakpoint
ALTER TABLE "expense_requests" ALTER COLUMN "liquidator_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "expense_requests" ADD COLUMN "excess_reason" text;--> statement-breakpoint
ALTER TABLE "expense_requests" ADD COLUMN "liquidated_total" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "expense_request_invoices" ADD COLUMN "credit_of" uuid;--> statement-breakpoint
ALTER TABLE "expense_request_invoices" ADD COLUMN "sanctioned_amount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "expense_request_invoices" ADD COLUMN "sanction_reason" text;--> statement-breakpoint
ALTER TABLE "expense_request_liquidator_changes" ADD CONSTRAINT "expense_request_liquidator_changes_request_id_expense_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."expense_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_request_liquidator_changes" ADD CONSTRAINT "expense_request_liquidator_changes_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_request_liquidator_changes" ADD CONSTRAINT "expense_request_liquidator_changes_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_request_liquidator_changes" ADD CONSTRAINT "expense_request_liquidator_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_request_refunds" ADD CONSTRAINT "expense_request_refunds_request_id_expense_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."expense_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_request_refunds" ADD CONSTRAINT "expense_request_refunds_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expense_request_liquidator_changes_request_idx" ON "expense_request_liquidator_changes" USING btree ("request_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "expense_request_refunds_request_key" ON "expense_request_refunds" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "expense_request_refunds_status_idx" ON "expense_request_refunds" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "expense_requests" ADD CONSTRAINT "expense_requests_liquidator_id_users_id_fk" FOREIGN KEY ("liquidator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_request_invoices" ADD CONSTRAINT "expense_request_invoices_credit_of_expense_request_invoices_id_fk" FOREIGN KEY ("credit_of") REFERENCES "public"."expense_request_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expense_request_invoices_credit_idx" ON "expense_request_invoices" USING btree ("credit_of");--> statement-breakpoint
ALTER TABLE "expense_request_invoices" ADD CONSTRAINT "expense_request_invoices_sanction_check" CHECK ("expense_request_invoices"."sanctioned_amount" is null or ("expense_request_invoices"."sanctioned_amount" >= 0 and "expense_request_invoices"."sanctioned_amount" <= "expense_request_invoices"."amount"));--> statement-breakpoint
ALTER TABLE "expense_request_invoices" ADD CONSTRAINT "expense_request_invoices_credit_check" CHECK ("expense_request_invoices"."credit_of" is null or "expense_request_invoices"."document" = 'NCRE');
CREATE TABLE "expense_request_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"method" text NOT NULL,
	"bank_account" text NOT NULL,
	"check_number" integer,
	"transaction_number" text,
	"payee_name" text NOT NULL,
	"non_negotiable" boolean NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"amount_in_words" text NOT NULL,
	"issued_by" uuid NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"voided_at" timestamp with time zone,
	"voided_by" uuid,
	"void_reason" text,
	CONSTRAINT "expense_request_payments_method_check" CHECK ("expense_request_payments"."method" in ('check', 'transfer')),
	CONSTRAINT "expense_request_payments_number_check" CHECK (("expense_request_payments"."method" = 'check') = ("expense_request_payments"."check_number" is not null) and ("expense_request_payments"."method" = 'transfer') = ("expense_request_payments"."transaction_number" is not null))
);
--> statement-breakpoint
ALTER TABLE "expense_request_payments" ADD CONSTRAINT "expense_request_payments_request_id_expense_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."expense_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_request_payments" ADD CONSTRAINT "expense_request_payments_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_request_payments" ADD CONSTRAINT "expense_request_payments_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "expense_request_payments_check_key" ON "expense_request_payments" USING btree ("bank_account","check_number") WHERE "expense_request_payments"."check_number" is not null;--> statement-breakpoint
CREATE INDEX "expense_request_payments_request_idx" ON "expense_request_payments" USING btree ("request_id","issued_at");--> statement-breakpoint
CREATE INDEX "expense_request_payments_issued_idx" ON "expense_request_payments" USING btree ("issued_at","id");
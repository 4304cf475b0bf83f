CREATE TABLE "expense_request_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"line_id" uuid NOT NULL,
	"description" text NOT NULL,
	"unit" text NOT NULL,
	"quantity" numeric(10, 2) NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "expense_request_items_positive_check" CHECK ("expense_request_items"."quantity" > 0 and "expense_request_items"."unit_price" > 0 and "expense_request_items"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "expense_request_numbers" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expense_request_providers" (
	"request_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "expense_request_providers_request_id_provider_id_pk" PRIMARY KEY("request_id","provider_id")
);
--> statement-breakpoint
CREATE TABLE "expense_request_travellers" (
	"request_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "expense_request_travellers_request_id_user_id_pk" PRIMARY KEY("request_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "expense_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'solicitado' NOT NULL,
	"month" integer NOT NULL,
	"requester_id" uuid NOT NULL,
	"description" text NOT NULL,
	"justification" text NOT NULL,
	"urgent" boolean DEFAULT false NOT NULL,
	"execution_date" date NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"destination" text,
	"departure_date" date,
	"return_date" date,
	"directions" text[],
	"exit_pass_number" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "expense_requests_type_check" CHECK ("expense_requests"."type" in ('purchase_order', 'reserve', 'petty_cash', 'travel_expenses')),
	CONSTRAINT "expense_requests_month_check" CHECK ("expense_requests"."month" between 1 and 12),
	CONSTRAINT "expense_requests_total_check" CHECK ("expense_requests"."total" > 0)
);
--> statement-breakpoint
ALTER TABLE "expense_request_items" ADD CONSTRAINT "expense_request_items_request_id_expense_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."expense_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_request_items" ADD CONSTRAINT "expense_request_items_line_id_planning_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."planning_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_request_providers" ADD CONSTRAINT "expense_request_providers_request_id_expense_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."expense_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_request_providers" ADD CONSTRAINT "expense_request_providers_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_request_travellers" ADD CONSTRAINT "expense_request_travellers_request_id_expense_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."expense_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_request_travellers" ADD CONSTRAINT "expense_request_travellers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_requests" ADD CONSTRAINT "expense_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expense_request_items_request_idx" ON "expense_request_items" USING btree ("request_id","position");--> statement-breakpoint
CREATE INDEX "expense_request_items_line_idx" ON "expense_request_items" USING btree ("line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "expense_requests_number_key" ON "expense_requests" USING btree ("year","sequence");--> statement-breakpoint
CREATE INDEX "expense_requests_requester_idx" ON "expense_requests" USING btree ("requester_id","created_at","id");--> statement-breakpoint
CREATE INDEX "expense_requests_status_idx" ON "expense_requests" USING btree ("status","urgent","created_at");--> statement-breakpoint
CREATE INDEX "expense_requests_search_idx" ON "expense_requests" USING gin (to_tsvector('amparo_es'::regconfig, coalesce("description", '')));
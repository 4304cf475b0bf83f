CREATE TABLE "provider_agreement_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agreement_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"unit" text NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	CONSTRAINT "provider_agreement_items_price_check" CHECK ("provider_agreement_items"."unit_price" > 0)
);
--> statement-breakpoint
CREATE TABLE "provider_agreements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"description" text,
	"valid_from" date NOT NULL,
	"valid_until" date NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "provider_agreements_dates_check" CHECK ("provider_agreements"."valid_until" >= "provider_agreements"."valid_from")
);
--> statement-breakpoint
CREATE TABLE "voucher_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"range_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"kind" text NOT NULL,
	"reference_type" text,
	"reference_id" uuid,
	"note" text,
	"actor_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voucher_movements_kind_check" CHECK ("voucher_movements"."kind" in ('reserved', 'used', 'returned', 'released', 'voided'))
);
--> statement-breakpoint
CREATE TABLE "voucher_ranges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"series" text DEFAULT '' NOT NULL,
	"description" text NOT NULL,
	"first_number" integer NOT NULL,
	"last_number" integer NOT NULL,
	"expires_on" date NOT NULL,
	"face_value" numeric(14, 2),
	"headquarter_id" uuid,
	"notes" text,
	"active" boolean DEFAULT true NOT NULL,
	"available" integer NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"voided" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "voucher_ranges_kind_check" CHECK ("voucher_ranges"."kind" in ('fuel', 'petty_cash', 'other')),
	CONSTRAINT "voucher_ranges_order_check" CHECK ("voucher_ranges"."last_number" >= "voucher_ranges"."first_number" and "voucher_ranges"."first_number" >= 1),
	CONSTRAINT "voucher_ranges_counts_check" CHECK ("voucher_ranges"."available" >= 0 and "voucher_ranges"."reserved" >= 0 and "voucher_ranges"."used" >= 0 and "voucher_ranges"."voided" >= 0 and "voucher_ranges"."available" + "voucher_ranges"."reserved" + "voucher_ranges"."used" + "voucher_ranges"."voided" = "voucher_ranges"."last_number" - "voucher_ranges"."first_number" + 1)
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"range_id" uuid NOT NULL,
	"series" text NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"reference_type" text,
	"reference_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vouchers_range_id_number_pk" PRIMARY KEY("range_id","number"),
	CONSTRAINT "vouchers_status_check" CHECK ("vouchers"."status" in ('available', 'reserved', 'used', 'voided')),
	CONSTRAINT "vouchers_reference_check" CHECK (("vouchers"."status" = 'reserved') = ("vouchers"."reference_id" is not null) or "vouchers"."status" = 'used')
);
--> statement-breakpoint
ALTER TABLE "provider_agreement_items" ADD CONSTRAINT "provider_agreement_items_agreement_id_provider_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."provider_agreements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_agreements" ADD CONSTRAINT "provider_agreements_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_movements" ADD CONSTRAINT "voucher_movements_range_id_voucher_ranges_id_fk" FOREIGN KEY ("range_id") REFERENCES "public"."voucher_ranges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_ranges" ADD CONSTRAINT "voucher_ranges_headquarter_id_headquarters_id_fk" FOREIGN KEY ("headquarter_id") REFERENCES "public"."headquarters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_range_id_voucher_ranges_id_fk" FOREIGN KEY ("range_id") REFERENCES "public"."voucher_ranges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_agreement_items_agreement_idx" ON "provider_agreement_items" USING btree ("agreement_id","position");--> statement-breakpoint
CREATE INDEX "provider_agreements_provider_idx" ON "provider_agreements" USING btree ("provider_id","valid_until");--> statement-breakpoint
CREATE INDEX "voucher_movements_range_idx" ON "voucher_movements" USING btree ("range_id","at","id");--> statement-breakpoint
CREATE INDEX "voucher_movements_number_idx" ON "voucher_movements" USING btree ("range_id","number");--> statement-breakpoint
CREATE INDEX "voucher_ranges_expiry_idx" ON "voucher_ranges" USING btree ("expires_on","id");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_series_number_key" ON "vouchers" USING btree ("series","number");--> statement-breakpoint
CREATE INDEX "vouchers_reference_idx" ON "vouchers" USING btree ("reference_type","reference_id") WHERE "vouchers"."reference_id" is not null;--> statement-breakpoint
-- Issue 26 section 2: a voucher's trail is append-only for the application, as the audit trail is (0010).
CREATE TRIGGER voucher_movements_append_only BEFORE UPDATE OR DELETE ON "voucher_movements" FOR EACH ROW EXECUTE FUNCTION amparo_refuse_change();
--> statement-breakpoint
CREATE TRIGGER voucher_movements_no_truncate BEFORE TRUNCATE ON "voucher_movements" FOR EACH STATEMENT EXECUTE FUNCTION amparo_refuse_change();

CREATE TABLE "providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"trade_name" text,
	"nit" text NOT NULL,
	"tax_regime" text NOT NULL,
	"has_retention" boolean DEFAULT false NOT NULL,
	"country" text DEFAULT 'GT' NOT NULL,
	"state" text,
	"town" text,
	"city" text,
	"address" text,
	"contact_name" text,
	"phones" text[] DEFAULT '{}' NOT NULL,
	"email" text,
	"bank_name" text,
	"bank_account" text,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE UNIQUE INDEX "providers_nit_key" ON "providers" USING btree ("nit");--> statement-breakpoint
CREATE INDEX "providers_name_idx" ON "providers" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "providers_search_idx" ON "providers" USING gin (to_tsvector('amparo_es'::regconfig, coalesce("name", '') || ' ' || coalesce("trade_name", '')));
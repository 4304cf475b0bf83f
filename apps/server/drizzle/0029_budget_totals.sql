CREATE TABLE "budget_item_totals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "budget_item_totals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"item_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"assigned" numeric(20, 2) DEFAULT '0' NOT NULL,
	"committed" numeric(20, 2) DEFAULT '0' NOT NULL,
	"executed" numeric(20, 2) DEFAULT '0' NOT NULL,
	"carried" numeric(20, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "budget_poa_totals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "budget_poa_totals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"year" integer NOT NULL,
	"strategic_axis" text NOT NULL,
	"program" text NOT NULL,
	"month" integer NOT NULL,
	"planned" numeric(20, 2) DEFAULT '0' NOT NULL,
	"assigned" numeric(20, 2) DEFAULT '0' NOT NULL,
	"committed" numeric(20, 2) DEFAULT '0' NOT NULL,
	"executed" numeric(20, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "budget_item_totals_key_idx" ON "budget_item_totals" USING btree ("item_id","year");--> statement-breakpoint
CREATE INDEX "budget_poa_totals_key_idx" ON "budget_poa_totals" USING btree ("year","strategic_axis","program","month");
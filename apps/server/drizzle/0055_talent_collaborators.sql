CREATE TABLE "collaborators" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"dpi" text NOT NULL,
	"first_names" text NOT NULL,
	"last_names" text NOT NULL,
	"headquarter_id" uuid NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "collaborators" ADD CONSTRAINT "collaborators_headquarter_id_headquarters_id_fk" FOREIGN KEY ("headquarter_id") REFERENCES "public"."headquarters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collaborators_code_key" ON "collaborators" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "collaborators_dpi_key" ON "collaborators" USING btree ("dpi");--> statement-breakpoint
CREATE INDEX "collaborators_name_idx" ON "collaborators" USING btree ("last_names","first_names","id");--> statement-breakpoint
CREATE INDEX "collaborators_headquarter_idx" ON "collaborators" USING btree ("headquarter_id");--> statement-breakpoint
CREATE INDEX "collaborators_search_idx" ON "collaborators" USING gin (to_tsvector('amparo_es'::regconfig, coalesce("first_names", '') || ' ' || coalesce("last_names", '')));
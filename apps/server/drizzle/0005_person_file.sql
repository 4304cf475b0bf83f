CREATE TABLE "person_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"person_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"granted" boolean NOT NULL,
	"given_on" date NOT NULL,
	"given_by" text NOT NULL,
	"guardian_link_id" uuid,
	"document_id" uuid,
	"notes" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "person_periods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"person_id" uuid NOT NULL,
	"admission_date" date NOT NULL,
	"admission_reason" text,
	"referrer" text,
	"departure_date" date NOT NULL,
	"departure_reason" text,
	"departure_note" text,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_by" uuid
);
--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "departure_reason" text;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "photo_key" text;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "photo_thumb_key" text;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "photo_mime" text;--> statement-breakpoint
ALTER TABLE "person_consents" ADD CONSTRAINT "person_consents_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_consents" ADD CONSTRAINT "person_consents_guardian_link_id_person_links_id_fk" FOREIGN KEY ("guardian_link_id") REFERENCES "public"."person_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_consents" ADD CONSTRAINT "person_consents_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_periods" ADD CONSTRAINT "person_periods_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "person_consents_kind_key" ON "person_consents" USING btree ("person_id","kind");--> statement-breakpoint
CREATE INDEX "person_periods_person_idx" ON "person_periods" USING btree ("person_id","admission_date");
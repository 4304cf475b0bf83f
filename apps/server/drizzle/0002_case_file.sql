CREATE TABLE "attentions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"person_id" uuid NOT NULL,
	"attended_at" timestamp with time zone NOT NULL,
	"professional_id" uuid NOT NULL,
	"area" text NOT NULL,
	"modality" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"summary" text NOT NULL,
	"agreements" text,
	"next_follow_up" date,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "attentions_duration" CHECK (duration_minutes between 1 and 1440)
);
--> statement-breakpoint
CREATE TABLE "person_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"person_id" uuid NOT NULL,
	"linked_person_id" uuid,
	"names" text,
	"last_names" text,
	"sex" text,
	"age" integer,
	"phones" text[] DEFAULT '{}' NOT NULL,
	"bond" text NOT NULL,
	"lives_with" boolean DEFAULT false NOT NULL,
	"legal_guardian" boolean DEFAULT false NOT NULL,
	"notes" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "person_links_who" CHECK (linked_person_id is not null or (names is not null and last_names is not null)),
	CONSTRAINT "person_links_not_self" CHECK (linked_person_id is null or linked_person_id <> person_id)
);
--> statement-breakpoint
CREATE TABLE "person_perpetrators" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"person_id" uuid NOT NULL,
	"names" text,
	"alias" text,
	"sex" text,
	"approximate_age" integer,
	"bond" text,
	"thematic" text[] DEFAULT '{}' NOT NULL,
	"reported" boolean DEFAULT false NOT NULL,
	"reported_to" text[] DEFAULT '{}' NOT NULL,
	"case_number" text,
	"notes" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "person_perpetrators_who" CHECK (names is not null or alias is not null)
);
--> statement-breakpoint
ALTER TABLE "attentions" ADD CONSTRAINT "attentions_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attentions" ADD CONSTRAINT "attentions_professional_id_users_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_links" ADD CONSTRAINT "person_links_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_links" ADD CONSTRAINT "person_links_linked_person_id_persons_id_fk" FOREIGN KEY ("linked_person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_perpetrators" ADD CONSTRAINT "person_perpetrators_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attentions_person_idx" ON "attentions" USING btree ("person_id","attended_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "attentions_professional_idx" ON "attentions" USING btree ("professional_id","attended_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "person_links_person_idx" ON "person_links" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "person_links_linked_idx" ON "person_links" USING btree ("linked_person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "person_links_pair_key" ON "person_links" USING btree ("person_id","linked_person_id") WHERE linked_person_id is not null;--> statement-breakpoint
CREATE INDEX "person_perpetrators_person_idx" ON "person_perpetrators" USING btree ("person_id");
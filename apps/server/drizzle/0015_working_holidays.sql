CREATE TABLE "working_holidays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"date" date NOT NULL,
	"name" text NOT NULL,
	"from_time" text,
	"headquarter_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "working_holidays_day_key" UNIQUE NULLS NOT DISTINCT("date","headquarter_id")
);
--> statement-breakpoint
ALTER TABLE "working_holidays" ADD CONSTRAINT "working_holidays_headquarter_id_headquarters_id_fk" FOREIGN KEY ("headquarter_id") REFERENCES "public"."headquarters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "working_holidays" ADD CONSTRAINT "working_holidays_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "working_holidays_headquarter_idx" ON "working_holidays" USING btree ("headquarter_id","date");
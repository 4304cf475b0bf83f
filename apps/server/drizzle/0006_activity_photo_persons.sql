CREATE TABLE "activity_photo_persons" (
	"photo_id" uuid NOT NULL,
	"activity_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	CONSTRAINT "activity_photo_persons_photo_id_person_id_pk" PRIMARY KEY("photo_id","person_id")
);
--> statement-breakpoint
ALTER TABLE "activity_photos" ADD COLUMN "persons_reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activity_photos" ADD COLUMN "persons_reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "activity_photo_persons" ADD CONSTRAINT "activity_photo_persons_photo_id_activity_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."activity_photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_photo_persons" ADD CONSTRAINT "activity_photo_persons_participant_fk" FOREIGN KEY ("activity_id","person_id") REFERENCES "public"."activity_participants"("activity_id","person_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_photo_persons_person_idx" ON "activity_photo_persons" USING btree ("person_id");--> statement-breakpoint
ALTER TABLE "activity_photos" ADD CONSTRAINT "activity_photos_persons_reviewed_by_users_id_fk" FOREIGN KEY ("persons_reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
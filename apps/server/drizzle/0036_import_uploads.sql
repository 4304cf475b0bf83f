CREATE TABLE "import_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid NOT NULL,
	"file_hash" text NOT NULL,
	"format" text NOT NULL,
	"rows" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"executed_at" timestamp with time zone,
	"executed_rows" integer,
	CONSTRAINT "import_uploads_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "import_uploads" ADD CONSTRAINT "import_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_uploads_hash_idx" ON "import_uploads" USING btree ("kind","file_hash","executed_at");--> statement-breakpoint
CREATE INDEX "import_uploads_expires_idx" ON "import_uploads" USING btree ("expires_at");
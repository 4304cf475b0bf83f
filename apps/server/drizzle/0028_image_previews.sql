ALTER TABLE "document_files" ADD COLUMN "preview_key" text;--> statement-breakpoint
ALTER TABLE "support_files" ADD COLUMN "preview_key" text;--> statement-breakpoint
CREATE INDEX "document_files_preview_key_idx" ON "document_files" USING btree ("preview_key") WHERE "document_files"."preview_key" is not null;--> statement-breakpoint
CREATE INDEX "support_files_preview_key_idx" ON "support_files" USING btree ("preview_key") WHERE "support_files"."preview_key" is not null;
ALTER TABLE "attentions" ADD COLUMN "planning_line_id" uuid;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "planning_line_id" uuid;--> statement-breakpoint
ALTER TABLE "attentions" ADD CONSTRAINT "attentions_planning_line_id_planning_lines_id_fk" FOREIGN KEY ("planning_line_id") REFERENCES "public"."planning_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_planning_line_id_planning_lines_id_fk" FOREIGN KEY ("planning_line_id") REFERENCES "public"."planning_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attentions_planning_line_idx" ON "attentions" USING btree ("planning_line_id");--> statement-breakpoint
CREATE INDEX "activities_planning_line_idx" ON "activities" USING btree ("planning_line_id");
CREATE INDEX "projects_board_idx" ON "projects" USING btree ("status_id","due_at","created_at","id") WHERE not "projects"."completed";--> statement-breakpoint
CREATE INDEX "projects_moved_idx" ON "projects" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "projects_status_idx" ON "projects" USING btree ("status_id","completed");
CREATE TABLE "lead_time_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"requested_by" uuid,
	"status" text DEFAULT 'requested' NOT NULL,
	"previous_days" integer NOT NULL,
	"lead_time_days" integer NOT NULL,
	"reason" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lead_time_changes" ADD CONSTRAINT "lead_time_changes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_time_changes" ADD CONSTRAINT "lead_time_changes_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_time_changes_project_idx" ON "lead_time_changes" USING btree ("project_id","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_time_changes_one_open_idx" ON "lead_time_changes" USING btree ("project_id") WHERE status = 'requested';--> statement-breakpoint
CREATE INDEX "projects_due_idx" ON "projects" USING btree ("due_at") WHERE not "projects"."completed" and not "projects"."files_delivered";
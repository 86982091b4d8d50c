CREATE TABLE "design_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"step" text DEFAULT 'piece' NOT NULL,
	"category" text,
	"item_type" text,
	"material_id" integer,
	"description" text,
	"goal" text,
	"title" text,
	"width_mm" real,
	"height_mm" real,
	"thickness_mm" real,
	"inspiration_file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "design_generations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"draft_id" uuid,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"brief" jsonb NOT NULL,
	"charge_id" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "design_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"generation_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"project_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "design_drafts" ADD CONSTRAINT "design_drafts_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_generations" ADD CONSTRAINT "design_generations_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_generations" ADD CONSTRAINT "design_generations_draft_id_design_drafts_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."design_drafts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_results" ADD CONSTRAINT "design_results_generation_id_design_generations_id_fk" FOREIGN KEY ("generation_id") REFERENCES "public"."design_generations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_results" ADD CONSTRAINT "design_results_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_results" ADD CONSTRAINT "design_results_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_results" ADD CONSTRAINT "design_results_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "design_drafts_one_open_idx" ON "design_drafts" USING btree ("customer_id") WHERE "design_drafts"."closed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "design_generations_key_idx" ON "design_generations" USING btree ("customer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "design_results_customer_idx" ON "design_results" USING btree ("customer_id","created_at");
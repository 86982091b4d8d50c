-- Production stages stored as text codes (decision 062): a row per stage in production_stages, referenced by
-- the stage columns; the integers 0..7 (DESIGN.md's order, decision 023) become the codes of
-- @facet/domain/workflow PRODUCTION_STAGES. A later stage is one INSERT here; no row is renumbered.
CREATE TABLE "production_stages" (
	"code" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
INSERT INTO "production_stages" ("code") VALUES
	('received'), ('processing'), ('printing'), ('casting'), ('polish'), ('quality_check'), ('delivery'), ('cancelled');
--> statement-breakpoint
ALTER TABLE "order_items" DROP CONSTRAINT "order_items_stage_range";--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "stage" SET DATA TYPE text USING (
	(ARRAY['received', 'processing', 'printing', 'casting', 'polish', 'quality_check', 'delivery', 'cancelled'])["stage" + 1]
);--> statement-breakpoint
ALTER TABLE "order_stage_events" ALTER COLUMN "stage" SET DATA TYPE text USING (
	(ARRAY['received', 'processing', 'printing', 'casting', 'polish', 'quality_check', 'delivery', 'cancelled'])["stage" + 1]
);--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_stage_production_stages_code_fk" FOREIGN KEY ("stage") REFERENCES "public"."production_stages"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_stage_events" ADD CONSTRAINT "order_stage_events_stage_production_stages_code_fk" FOREIGN KEY ("stage") REFERENCES "public"."production_stages"("code") ON DELETE no action ON UPDATE no action;

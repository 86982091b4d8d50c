CREATE TABLE "metal_spot_prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"metal" text NOT NULL,
	"price_cents" integer NOT NULL,
	"source" text NOT NULL,
	"entered_by" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "spot_metal" text;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "purity" double precision;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "spot_margin_percent" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "metal_spot_prices" ADD CONSTRAINT "metal_spot_prices_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "metal_spot_prices_metal_idx" ON "metal_spot_prices" USING btree ("metal","created_at");--> statement-breakpoint
CREATE INDEX "catalog_changes_entity_idx" ON "catalog_changes" USING btree ("entity","entity_id","created_at");
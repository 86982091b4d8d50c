CREATE TABLE "library_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"item_type" text NOT NULL,
	"description" text NOT NULL,
	"membership" text NOT NULL,
	"min_pieces" jsonb NOT NULL,
	"size_mm" jsonb NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_products_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "library_product_id" uuid;--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_library_product_id_library_products_id_fk" FOREIGN KEY ("library_product_id") REFERENCES "public"."library_products"("id") ON DELETE set null ON UPDATE no action;
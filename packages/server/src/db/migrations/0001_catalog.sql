CREATE TABLE "assembly_options" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_per_part_cents" integer NOT NULL,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assembly_options_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "assembly_sub_items" (
	"id" integer PRIMARY KEY NOT NULL,
	"assembly_option_id" integer NOT NULL,
	"name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category_id" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "item_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "laser_engraving_options" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_cents" integer NOT NULL,
	"price_per_character_cents" integer DEFAULT 0 NOT NULL,
	"max_characters" integer,
	"accepts_text" boolean DEFAULT false NOT NULL,
	"accepts_image" boolean DEFAULT false NOT NULL,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "laser_engraving_options_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "laser_fonts" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"package_name" text NOT NULL,
	"css_family" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "laser_fonts_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "materials" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sku" text NOT NULL,
	"code" text NOT NULL,
	"image" text,
	"kind" text NOT NULL,
	"base_price" double precision NOT NULL,
	"sales_price" double precision,
	"description" text DEFAULT '' NOT NULL,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"gravity" double precision NOT NULL,
	"texture_url" text,
	"can_plate" boolean NOT NULL,
	"diffuse" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"color" jsonb,
	"metal_loss" double precision DEFAULT 0 NOT NULL,
	"casting_labour_cents" integer DEFAULT 0 NOT NULL,
	"print_rate" double precision DEFAULT 0 NOT NULL,
	"print_setup_cents" integer DEFAULT 0 NOT NULL,
	"order_setup_cents" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "materials_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "platings" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"base_price" double precision NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"color" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platings_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "polishes" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"base_price" double precision NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "polishes_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "price_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid,
	"model_id" uuid,
	"input" jsonb NOT NULL,
	"selection" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rates" jsonb NOT NULL,
	"result" jsonb NOT NULL,
	"total_price_cents" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "quantity_breaks" (
	"min_quantity" integer PRIMARY KEY NOT NULL,
	"factor" double precision NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assembly_sub_items" ADD CONSTRAINT "assembly_sub_items_assembly_option_id_assembly_options_id_fk" FOREIGN KEY ("assembly_option_id") REFERENCES "public"."assembly_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_changes" ADD CONSTRAINT "catalog_changes_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_types" ADD CONSTRAINT "item_types_category_id_product_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."product_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_quotes" ADD CONSTRAINT "price_quotes_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assembly_sub_items_option_idx" ON "assembly_sub_items" USING btree ("assembly_option_id");--> statement-breakpoint
CREATE INDEX "price_quotes_customer_idx" ON "price_quotes" USING btree ("customer_id");
CREATE TABLE "cart_checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"payment_id" uuid,
	"item_ids" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"source" text NOT NULL,
	"model_id" uuid NOT NULL,
	"library_product_id" uuid,
	"choices" jsonb NOT NULL,
	"quantity" integer NOT NULL,
	"quote_id" uuid NOT NULL,
	"quote" jsonb NOT NULL,
	"configuration" jsonb NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"previous_unit_price_cents" integer,
	"previous_total_cents" integer,
	"price_changed" boolean DEFAULT false NOT NULL,
	"locked_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_checkouts" ADD CONSTRAINT "cart_checkouts_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_library_product_id_library_products_id_fk" FOREIGN KEY ("library_product_id") REFERENCES "public"."library_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_quote_id_price_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."price_quotes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_checkouts_customer_key_idx" ON "cart_checkouts" USING btree ("customer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "cart_checkouts_order_idx" ON "cart_checkouts" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "cart_items_customer_idx" ON "cart_items" USING btree ("customer_id","created_at");
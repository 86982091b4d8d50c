ALTER TABLE "cart_checkouts" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "billing_purchases" ADD COLUMN "request_hash" text;
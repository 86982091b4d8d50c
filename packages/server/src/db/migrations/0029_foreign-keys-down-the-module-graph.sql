ALTER TABLE "models" DROP CONSTRAINT "models_library_product_id_library_products_id_fk";
--> statement-breakpoint
ALTER TABLE "staff_actions" DROP CONSTRAINT "staff_actions_actor_id_users_id_fk";

-- Lists at scale, the searches (decision 045): one search text per project (title, description, every item's
-- title; U+001F between them) kept by triggers; trigram indexes (pg_trgm) for the projects and designers
-- searches; the orders list's stage events by order.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE FUNCTION "project_search_text"("p_id" uuid, "p_title" text, "p_description" text) RETURNS text
  LANGUAGE sql STABLE AS $$
  SELECT p_title || chr(31) || p_description || coalesce(
    (SELECT string_agg(chr(31) || i."title", '' ORDER BY i."sort", i."id") FROM "project_items" i WHERE i."project_id" = p_id),
    '')
$$;--> statement-breakpoint
CREATE FUNCTION "projects_search_text_set"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."search_text" := "project_search_text"(NEW."id", NEW."title", NEW."description");
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "projects_search_text" BEFORE INSERT OR UPDATE OF "title", "description" ON "projects"
  FOR EACH ROW EXECUTE FUNCTION "projects_search_text_set"();--> statement-breakpoint
CREATE FUNCTION "project_items_search_text"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "projects" p SET "search_text" = "project_search_text"(p."id", p."title", p."description")
      WHERE p."id" IN (SELECT "project_id" FROM "items_added");
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "projects" p SET "search_text" = "project_search_text"(p."id", p."title", p."description")
      WHERE p."id" IN (SELECT "project_id" FROM "items_removed");
  ELSE
    -- a change that leaves the text as it was (an item's model, tags, dimensions) writes nothing
    UPDATE "projects" p SET "search_text" = "project_search_text"(p."id", p."title", p."description")
      WHERE p."id" IN (SELECT "project_id" FROM "items_added" UNION SELECT "project_id" FROM "items_removed")
        AND p."search_text" IS DISTINCT FROM "project_search_text"(p."id", p."title", p."description");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "project_items_search_text_insert" AFTER INSERT ON "project_items"
  REFERENCING NEW TABLE AS "items_added" FOR EACH STATEMENT EXECUTE FUNCTION "project_items_search_text"();--> statement-breakpoint
CREATE TRIGGER "project_items_search_text_update" AFTER UPDATE ON "project_items"
  REFERENCING OLD TABLE AS "items_removed" NEW TABLE AS "items_added" FOR EACH STATEMENT
  EXECUTE FUNCTION "project_items_search_text"();--> statement-breakpoint
CREATE TRIGGER "project_items_search_text_delete" AFTER DELETE ON "project_items"
  REFERENCING OLD TABLE AS "items_removed" FOR EACH STATEMENT EXECUTE FUNCTION "project_items_search_text"();--> statement-breakpoint
UPDATE "projects" SET "search_text" = "project_search_text"("id", "title", "description");--> statement-breakpoint
CREATE INDEX "projects_search_idx" ON "projects" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_search_idx" ON "profiles" USING gin ((coalesce("bio", '') || chr(31) || "skills"::text || chr(31) || "cad_skills"::text || chr(31) || "software_skills"::text || chr(31) || "service_types"::text) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_search_idx" ON "users" USING gin (("first_name" || chr(31) || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "order_stage_events_order_idx" ON "order_stage_events" USING btree ("order_id","at");

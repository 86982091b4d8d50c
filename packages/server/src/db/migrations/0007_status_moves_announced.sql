ALTER TABLE "project_events" ADD COLUMN "announced_at" timestamp with time zone;--> statement-breakpoint
UPDATE "project_events" SET "announced_at" = "chat_posted_events"."posted_at" FROM "chat_posted_events" WHERE "chat_posted_events"."event_id" = "project_events"."id";--> statement-breakpoint
DROP TABLE "chat_posted_events" CASCADE;--> statement-breakpoint
CREATE INDEX "project_events_unannounced_idx" ON "project_events" USING btree ("created_at") WHERE "project_events"."kind" = 'status-moved' and "project_events"."announced_at" is null;

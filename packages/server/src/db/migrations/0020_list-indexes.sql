DROP INDEX "invitations_pro_idx";--> statement-breakpoint
-- Lists at scale (decision 040): a receipt names its message's room (backfilled), and the list queries' indexes.
ALTER TABLE "chat_reads" ADD COLUMN "room_id" text;--> statement-breakpoint
UPDATE "chat_reads" r SET "room_id" = m."room_id" FROM "chat_messages" m WHERE m."id" = r."message_id";--> statement-breakpoint
ALTER TABLE "chat_reads" ALTER COLUMN "room_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_reads" ADD CONSTRAINT "chat_reads_room_id_chat_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_pro_list_idx" ON "users" USING btree ("role","status","first_name","last_name","id");--> statement-breakpoint
CREATE INDEX "invitations_pro_project_idx" ON "invitations" USING btree ("pro_id","project_id");--> statement-breakpoint
CREATE INDEX "projects_created_idx" ON "projects" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "chat_messages_room_from_idx" ON "chat_messages" USING btree ("room_id","from_id","created_at");--> statement-breakpoint
CREATE INDEX "chat_messages_room_pre_chat_idx" ON "chat_messages" USING btree ("room_id") WHERE "chat_messages"."pre_chat";--> statement-breakpoint
CREATE INDEX "chat_reads_user_room_idx" ON "chat_reads" USING btree ("user_id","room_id");--> statement-breakpoint
CREATE INDEX "chat_rooms_pro_idx" ON "chat_rooms" USING btree ("pro_id");
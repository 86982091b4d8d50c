-- One stored-file table (decision 020): every project file and chat file becomes a row of "files" (same id,
-- same key, name, type, size, sender and time); project_files and chat_attachments keep only their links.
INSERT INTO "files" ("id", "key", "name", "content_type", "size_bytes", "owner_id", "purpose", "created_at")
SELECT "id", "storage_key", "name", "content_type", "size_bytes", "uploaded_by", 'project-' || "kind", "created_at"
FROM "project_files";--> statement-breakpoint
INSERT INTO "files" ("id", "key", "name", "content_type", "size_bytes", "owner_id", "purpose", "created_at")
SELECT "id", "storage_key", "name", "content_type", "size_bytes", "uploaded_by", 'chat', "created_at"
FROM "chat_attachments";--> statement-breakpoint
ALTER TABLE "project_files" DROP CONSTRAINT "project_files_storage_key_unique";--> statement-breakpoint
ALTER TABLE "chat_attachments" DROP CONSTRAINT "chat_attachments_storage_key_unique";--> statement-breakpoint
ALTER TABLE "project_files" DROP CONSTRAINT "project_files_uploaded_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "chat_attachments" DROP CONSTRAINT "chat_attachments_uploaded_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "project_files" ADD COLUMN "file_id" uuid;--> statement-breakpoint
ALTER TABLE "chat_attachments" ADD COLUMN "file_id" uuid;--> statement-breakpoint
UPDATE "project_files" SET "file_id" = "id";--> statement-breakpoint
UPDATE "chat_attachments" SET "file_id" = "id";--> statement-breakpoint
ALTER TABLE "project_files" ALTER COLUMN "file_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_attachments" ALTER COLUMN "file_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "project_files" ADD CONSTRAINT "project_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_attachments" ADD CONSTRAINT "chat_attachments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_files" DROP COLUMN "storage_key";--> statement-breakpoint
ALTER TABLE "project_files" DROP COLUMN "name";--> statement-breakpoint
ALTER TABLE "project_files" DROP COLUMN "content_type";--> statement-breakpoint
ALTER TABLE "project_files" DROP COLUMN "size_bytes";--> statement-breakpoint
ALTER TABLE "project_files" DROP COLUMN "uploaded_by";--> statement-breakpoint
ALTER TABLE "chat_attachments" DROP COLUMN "storage_key";--> statement-breakpoint
ALTER TABLE "chat_attachments" DROP COLUMN "name";--> statement-breakpoint
ALTER TABLE "chat_attachments" DROP COLUMN "content_type";--> statement-breakpoint
ALTER TABLE "chat_attachments" DROP COLUMN "size_bytes";--> statement-breakpoint
ALTER TABLE "chat_attachments" DROP COLUMN "uploaded_by";--> statement-breakpoint
ALTER TABLE "project_files" ADD CONSTRAINT "project_files_file_id_unique" UNIQUE("file_id");--> statement-breakpoint
ALTER TABLE "chat_attachments" ADD CONSTRAINT "chat_attachments_file_id_unique" UNIQUE("file_id");

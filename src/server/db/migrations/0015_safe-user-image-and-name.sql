-- Rows written through better-auth's update-user before it was closed (issue 11) may hold any image URL or a long name: clean them first.
UPDATE "users" SET "photo_url" = NULL WHERE "photo_url" IS NOT NULL AND "photo_url" !~ '^/api/photos/[0-9a-f-]+$';--> statement-breakpoint
UPDATE "users" SET "name" = left(btrim("name"), 80) WHERE char_length("name") > 80;--> statement-breakpoint
UPDATE "users" SET "name" = 'Member' WHERE char_length("name") = 0;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_image_app_path" CHECK ("users"."photo_url" is null or "users"."photo_url" ~ '^/api/photos/[0-9a-f-]+$');--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_name_length" CHECK (char_length("users"."name") between 1 and 80);
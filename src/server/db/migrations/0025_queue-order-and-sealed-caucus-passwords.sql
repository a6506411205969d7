CREATE TABLE "key_checks" (
	"name" text PRIMARY KEY NOT NULL,
	"sealed" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "moderation_items_queue_idx";--> statement-breakpoint
CREATE INDEX "caucuses_password_unsealed_idx" ON "caucuses" USING btree ("id") WHERE password is not null and password !~ '^v1:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]*$';--> statement-breakpoint
CREATE INDEX "moderation_items_queue_order_idx" ON "moderation_items" USING btree (("state" = 'hidden') desc,"counted_reports" DESC NULLS FIRST,"open_reports" DESC NULLS FIRST,"last_reported_at" DESC NULLS FIRST) WHERE "moderation_items"."open_reports" > 0;
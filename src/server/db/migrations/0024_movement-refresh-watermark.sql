ALTER TABLE "movement_refreshes" ADD COLUMN "computed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "movement_refreshes" ADD COLUMN "source_changes" bigint;
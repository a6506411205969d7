-- Issue 33, decision 069: the movement's minute recount counts the daily joins of the days that
-- changed, not of every day. `full_at`: when the last whole recount was (one at least every hour);
-- `source_removals`: PostgreSQL's count of memberships updated or deleted and caucuses deleted at
-- the last recount. While it stays put only joins happened since, dated from then on. Null in
-- the row already there: the next run recounts everything, as before.
ALTER TABLE "movement_refreshes" ADD COLUMN "full_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "movement_refreshes" ADD COLUMN "source_removals" bigint;
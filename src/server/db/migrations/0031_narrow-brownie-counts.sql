-- Issue 33, decision 060: each person's Brownies leave `users` for a narrow table of their own.
-- An update of users.brownies was never HOT (three leaderboard indexes hold that column), so each
-- brownie wrote a new version of a wide row and an entry into every one of users' sixteen
-- indexes, on random pages: 1.1 ms of PostgreSQL and 13.7 kB of WAL a brownie at 1,000,000
-- users. brownie_counts holds a row from a person's first brownie on; its name, state and district
-- are copies of users' (kept by the trigger below) for the leaderboard's order and filters.
CREATE TABLE "brownie_counts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"brownies" integer NOT NULL,
	"name" text NOT NULL,
	"state" text NOT NULL,
	"district" integer NOT NULL,
	CONSTRAINT "brownie_counts_positive" CHECK ("brownie_counts"."brownies" >= 1)
);
--> statement-breakpoint
ALTER TABLE "brownie_counts" ADD CONSTRAINT "brownie_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "brownie_counts" ("user_id", "brownies", "name", "state", "district")
  SELECT "id", "brownies", "name", "state", "district" FROM "users" WHERE "brownies" > 0;--> statement-breakpoint
CREATE INDEX "brownie_counts_leaderboard_idx" ON "brownie_counts" USING btree ("brownies" DESC NULLS LAST,"name","user_id");--> statement-breakpoint
CREATE INDEX "brownie_counts_state_leaderboard_idx" ON "brownie_counts" USING btree ("state","brownies" DESC NULLS LAST,"name","user_id");--> statement-breakpoint
CREATE INDEX "brownie_counts_district_leaderboard_idx" ON "brownie_counts" USING btree ("state","district","brownies" DESC NULLS LAST,"name","user_id");--> statement-breakpoint
-- The copies follow the person, whatever code changes them. A brownie reads the receiver's row
-- FOR SHARE when it counts (brownies.service.ts), so a rename that commits while a first brownie
-- is counted either waits for it, and then finds its row here, or is seen by it.
CREATE OR REPLACE FUNCTION users_copy_to_brownie_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE brownie_counts SET name = NEW.name, state = NEW.state, district = NEW.district WHERE user_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_copy_to_brownie_counts
  AFTER UPDATE OF name, state, district ON users
  FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.state IS DISTINCT FROM NEW.state OR OLD.district IS DISTINCT FROM NEW.district)
  EXECUTE FUNCTION users_copy_to_brownie_counts();
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_counters_nonnegative";--> statement-breakpoint
DROP INDEX "users_brownies_leaderboard_idx";--> statement-breakpoint
DROP INDEX "users_brownies_state_leaderboard_idx";--> statement-breakpoint
DROP INDEX "users_brownies_district_leaderboard_idx";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "brownies";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_counters_nonnegative" CHECK ("users"."sparks" >= 0 and "users"."banners" >= 0);

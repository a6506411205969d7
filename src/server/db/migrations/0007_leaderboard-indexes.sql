DROP INDEX "users_sparks_idx";--> statement-breakpoint
DROP INDEX "users_banners_idx";--> statement-breakpoint
DROP INDEX "users_brownies_idx";--> statement-breakpoint
CREATE INDEX "users_sparks_leaderboard_idx" ON "users" USING btree ("sparks" DESC NULLS LAST,"name","id") WHERE "users"."sparks" > 0 and "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_sparks_state_leaderboard_idx" ON "users" USING btree ("state","sparks" DESC NULLS LAST,"name","id") WHERE "users"."sparks" > 0 and "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_sparks_district_leaderboard_idx" ON "users" USING btree ("state","district","sparks" DESC NULLS LAST,"name","id") WHERE "users"."sparks" > 0 and "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_banners_leaderboard_idx" ON "users" USING btree ("banners" DESC NULLS LAST,"name","id") WHERE "users"."banners" > 0 and "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_banners_state_leaderboard_idx" ON "users" USING btree ("state","banners" DESC NULLS LAST,"name","id") WHERE "users"."banners" > 0 and "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_banners_district_leaderboard_idx" ON "users" USING btree ("state","district","banners" DESC NULLS LAST,"name","id") WHERE "users"."banners" > 0 and "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_brownies_leaderboard_idx" ON "users" USING btree ("brownies" DESC NULLS LAST,"name","id") WHERE "users"."brownies" > 0 and "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_brownies_state_leaderboard_idx" ON "users" USING btree ("state","brownies" DESC NULLS LAST,"name","id") WHERE "users"."brownies" > 0 and "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_brownies_district_leaderboard_idx" ON "users" USING btree ("state","district","brownies" DESC NULLS LAST,"name","id") WHERE "users"."brownies" > 0 and "users"."deleted_at" is null;
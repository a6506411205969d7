ALTER TABLE "users" ADD COLUMN "founding_rank" integer;--> statement-breakpoint
ALTER TABLE "caucuses" ADD COLUMN "pioneer_rank" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "users_founding_rank_key" ON "users" USING btree ("founding_rank");--> statement-breakpoint
CREATE UNIQUE INDEX "caucuses_pioneer_rank_key" ON "caucuses" USING btree ("state","district","pioneer_rank") WHERE "caucuses"."pioneer_rank" is not null;--> statement-breakpoint
CREATE INDEX "debate_defenses_user_idx" ON "debate_defenses" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "debate_rebuttals_user_idx" ON "debate_rebuttals" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "debate_responses_user_idx" ON "debate_responses" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_founding_rank_positive" CHECK ("users"."founding_rank" is null or "users"."founding_rank" >= 1);--> statement-breakpoint
ALTER TABLE "caucuses" ADD CONSTRAINT "caucuses_pioneer_rank" CHECK ("caucuses"."pioneer_rank" is null or ("caucuses"."pioneer_rank" >= 1 and "caucuses"."level" = 1 and "caucuses"."election_finalized"));--> statement-breakpoint
-- Founding ranks of the members who confirmed their email before this migration, in order.
update users u set founding_rank = r.rank
from (
  select id, row_number() over (order by coalesce(email_verified_at, created_at), created_at, id) as rank
  from users where email_verified_at is not null or email_verified
) r
where u.id = r.id;--> statement-breakpoint
-- Pioneer places of the level-1 caucuses finalized before this migration, per district, in order.
update caucuses c set pioneer_rank = r.rank
from (
  select id, row_number() over (partition by state, district order by finalized_at nulls last, updated_at, id) as rank
  from caucuses where level = 1 and election_finalized
) r
where c.id = r.id;--> statement-breakpoint
-- The premium badge as a badge (src/domain/badges/catalogue.ts; a test keeps the two equal).
insert into badges (name, description, criteria, category, metric, threshold) values
  ('George Washington', 'A premium badge honouring the first President. Its price supports the movement.', 'Buy the George Washington premium badge', 'Premium', 'premium', null)
on conflict (name) do nothing;

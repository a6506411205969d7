ALTER TABLE "brownies" DROP CONSTRAINT "brownies_giver_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "brownies" ALTER COLUMN "giver_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "caucuses" ADD COLUMN "voting_member_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "brownies" ADD CONSTRAINT "brownies_giver_user_id_users_id_fk" FOREIGN KEY ("giver_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caucuses" ADD CONSTRAINT "caucuses_capacity" CHECK ("caucuses"."voting_member_count" between 0 and "caucuses"."required_voting_members");
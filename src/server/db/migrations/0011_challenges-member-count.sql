ALTER TABLE "challenges" ADD COLUMN "member_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "challenge_invitations_invitee_idx" ON "challenge_invitations" USING btree ("invitee_id");--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_member_count" CHECK ("challenges"."member_count" between 0 and 12);
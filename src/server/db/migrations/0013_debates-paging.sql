DROP INDEX "debate_responses_debate_idx";--> statement-breakpoint
CREATE INDEX "debate_votes_user_idx" ON "debate_votes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "debate_responses_debate_idx" ON "debate_responses" USING btree ("debate_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
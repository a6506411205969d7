CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "caucuses_search_idx";--> statement-breakpoint
DROP INDEX "caucuses_name_search_idx";--> statement-breakpoint
ALTER TABLE "caucuses" ADD COLUMN "search_status" text GENERATED ALWAYS AS (case when election_finalized then 'finalized' when voting_member_count >= required_voting_members then 'full' else 'available' end) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "caucuses_created_idx" ON "caucuses" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "caucuses_status_created_idx" ON "caucuses" USING btree ("search_status","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "caucuses_district_status_created_idx" ON "caucuses" USING btree ("state","district","search_status","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "caucuses_state_status_created_idx" ON "caucuses" USING btree ("state","search_status","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "caucuses_level_status_created_idx" ON "caucuses" USING btree ("level","search_status","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "caucuses_alignment_status_created_idx" ON "caucuses" USING btree ("political_alignment","search_status","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "caucuses_name_trgm_idx" ON "caucuses" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
ANALYZE "caucuses";

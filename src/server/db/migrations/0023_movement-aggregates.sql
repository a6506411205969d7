CREATE TABLE "movement_daily_joins" (
	"state" text NOT NULL,
	"district" integer NOT NULL,
	"day" date NOT NULL,
	"joins" integer NOT NULL,
	CONSTRAINT "movement_daily_joins_state_district_day_pk" PRIMARY KEY("state","district","day"),
	CONSTRAINT "movement_daily_joins_positive" CHECK ("movement_daily_joins"."joins" > 0)
);
--> statement-breakpoint
CREATE TABLE "movement_district_levels" (
	"state" text NOT NULL,
	"district" integer NOT NULL,
	"level" integer NOT NULL,
	"caucuses" integer NOT NULL,
	"finished" integer NOT NULL,
	CONSTRAINT "movement_district_levels_state_district_level_pk" PRIMARY KEY("state","district","level"),
	CONSTRAINT "movement_district_levels_counts" CHECK ("movement_district_levels"."finished" between 0 and "movement_district_levels"."caucuses")
);
--> statement-breakpoint
CREATE TABLE "movement_refreshes" (
	"id" integer PRIMARY KEY NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "movement_refreshes_one_row" CHECK ("movement_refreshes"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "movement_weekly_elections" (
	"state" text NOT NULL,
	"district" integer NOT NULL,
	"week" date NOT NULL,
	"level" integer NOT NULL,
	"finished" integer NOT NULL,
	CONSTRAINT "movement_weekly_elections_state_district_week_level_pk" PRIMARY KEY("state","district","week","level"),
	CONSTRAINT "movement_weekly_elections_positive" CHECK ("movement_weekly_elections"."finished" > 0)
);
--> statement-breakpoint
CREATE INDEX "caucuses_district_delegates_idx" ON "caucuses" USING btree ("state","district","level","finalized_at" DESC NULLS LAST,"id") WHERE "caucuses"."election_finalized";
CREATE TABLE "backup_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"tool" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ok" boolean NOT NULL,
	"label" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	CONSTRAINT "backup_events_kind" CHECK ("backup_events"."kind" in ('base-backup', 'verify', 'restore-drill')),
	CONSTRAINT "backup_events_tool" CHECK ("backup_events"."tool" in ('embedded', 'pgbackrest'))
);
--> statement-breakpoint
CREATE INDEX "backup_events_kind_finished_idx" ON "backup_events" USING btree ("kind","finished_at" DESC NULLS LAST);
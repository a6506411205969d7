CREATE TABLE "email_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"caucus_id" uuid NOT NULL,
	"inviter_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reminder_count" integer DEFAULT 0 NOT NULL,
	"last_reminded_at" timestamp with time zone,
	"converted_at" timestamp with time zone,
	"converted_user_id" uuid,
	CONSTRAINT "email_invitations_role" CHECK ("email_invitations"."role" in ('voting_member', 'organizer')),
	CONSTRAINT "email_invitations_email_lower" CHECK ("email_invitations"."email" = lower("email_invitations"."email") and "email_invitations"."email" like '%_@_%')
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"email" boolean NOT NULL,
	"push" boolean NOT NULL,
	"cadence" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "notification_settings_kind" CHECK (kind in ('caucus_invitation', 'organizer_invitation', 'caucus_joined', 'caucus_full', 'vote_missing', 'election_finalized', 'elected_delegate', 'debate_reply', 'challenge_invitation', 'badge_earned', 'reward_available', 'friend_request', 'friend_accepted', 'private_message', 'broadcast', 'challenge_result', 'election_split', 'invitation_reminder', 'vote_reminder')),
	CONSTRAINT "notification_settings_cadence" CHECK ("notification_settings"."cadence" in ('immediate', 'daily', 'weekly'))
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_success_at" timestamp with time zone,
	"failure_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint"),
	CONSTRAINT "push_subscriptions_endpoint_https" CHECK ("push_subscriptions"."endpoint" ~* '^https?://')
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind";--> statement-breakpoint
ALTER TABLE "caucus_members" ADD COLUMN "vote_reminder_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizer_invitations" ADD COLUMN "reminder_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizer_invitations" ADD COLUMN "last_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "voting_member_invitations" ADD COLUMN "reminder_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "voting_member_invitations" ADD COLUMN "last_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "deliver_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "delivered_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "digest" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "email_invitations" ADD CONSTRAINT "email_invitations_caucus_id_caucuses_id_fk" FOREIGN KEY ("caucus_id") REFERENCES "public"."caucuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_invitations" ADD CONSTRAINT "email_invitations_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_invitations" ADD CONSTRAINT "email_invitations_converted_user_id_users_id_fk" FOREIGN KEY ("converted_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_invitations_one_open" ON "email_invitations" USING btree ("caucus_id","role","email") WHERE "email_invitations"."converted_at" is null;--> statement-breakpoint
CREATE INDEX "email_invitations_email_idx" ON "email_invitations" USING btree ("email") WHERE "email_invitations"."converted_at" is null;--> statement-breakpoint
CREATE INDEX "email_invitations_open_created_idx" ON "email_invitations" USING btree ("created_at") WHERE "email_invitations"."converted_at" is null;--> statement-breakpoint
CREATE INDEX "email_invitations_caucus_idx" ON "email_invitations" USING btree ("caucus_id");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "organizer_invitations_pending_created_idx" ON "organizer_invitations" USING btree ("created_at") WHERE "organizer_invitations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "organizer_invitations_caucus_idx" ON "organizer_invitations" USING btree ("caucus_id");--> statement-breakpoint
CREATE INDEX "voting_member_invitations_pending_created_idx" ON "voting_member_invitations" USING btree ("created_at") WHERE "voting_member_invitations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "voting_member_invitations_caucus_idx" ON "voting_member_invitations" USING btree ("caucus_id");--> statement-breakpoint
CREATE INDEX "notifications_deliver_idx" ON "notifications" USING btree ("deliver_at") WHERE "notifications"."deliver_at" is not null;--> statement-breakpoint
CREATE INDEX "notifications_digest_idx" ON "notifications" USING btree ("digest","user_id") WHERE "notifications"."digest" is not null;--> statement-breakpoint
CREATE INDEX "notifications_caucus_full_created_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."kind" = 'caucus_full';--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_digest" CHECK ("notifications"."digest" is null or "notifications"."digest" in ('daily', 'weekly'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind" CHECK (kind in ('caucus_invitation', 'organizer_invitation', 'caucus_joined', 'caucus_full', 'vote_missing', 'election_finalized', 'elected_delegate', 'debate_reply', 'challenge_invitation', 'badge_earned', 'reward_available', 'friend_request', 'friend_accepted', 'private_message', 'broadcast', 'challenge_result', 'election_split', 'invitation_reminder', 'vote_reminder'));
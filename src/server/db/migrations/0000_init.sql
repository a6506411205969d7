CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" uuid NOT NULL,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"email_verified_at" timestamp with time zone,
	"name" text NOT NULL,
	"photo_url" text,
	"political_alignment" text,
	"state" text NOT NULL,
	"district" integer DEFAULT 1 NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"tagline" text DEFAULT '' NOT NULL,
	"banners" integer DEFAULT 0 NOT NULL,
	"brownies" integer DEFAULT 0 NOT NULL,
	"sparks" integer DEFAULT 0 NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"sharing_link" text,
	"is_administrator" boolean DEFAULT false NOT NULL,
	"recruited_by" uuid,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_counters_nonnegative" CHECK ("users"."sparks" >= 0 and "users"."banners" >= 0 and "users"."brownies" >= 0),
	CONSTRAINT "users_district_positive" CHECK ("users"."district" >= 1),
	CONSTRAINT "users_state_code" CHECK ("users"."state" ~ '^[A-Z]{2}$'),
	CONSTRAINT "users_tagline_length" CHECK (char_length("users"."tagline") <= 180),
	CONSTRAINT "users_bio_length" CHECK (char_length("users"."bio") <= 800),
	CONSTRAINT "users_not_self_recruited" CHECK ("users"."recruited_by" is null or "users"."recruited_by" <> "users"."id")
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "caucus_members" (
	"caucus_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"is_voting_member" boolean DEFAULT true NOT NULL,
	"is_organizer" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "caucus_members_caucus_id_user_id_pk" PRIMARY KEY("caucus_id","user_id"),
	CONSTRAINT "caucus_members_has_role" CHECK ("caucus_members"."is_voting_member" or "caucus_members"."is_organizer")
);
--> statement-breakpoint
CREATE TABLE "caucuses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"state" text NOT NULL,
	"district" integer NOT NULL,
	"level" integer NOT NULL,
	"political_alignment" text,
	"is_open" boolean DEFAULT true NOT NULL,
	"platform_link" text,
	"invitation_code" text NOT NULL,
	"organizer_id" uuid,
	"password" text,
	"election_finalized" boolean DEFAULT false NOT NULL,
	"voting_started" boolean DEFAULT false NOT NULL,
	"voting_finalized" boolean DEFAULT false NOT NULL,
	"elected_delegate_id" uuid,
	"required_voting_members" integer DEFAULT 10 NOT NULL,
	"finalized_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "caucuses_invitation_code_unique" UNIQUE("invitation_code"),
	CONSTRAINT "caucuses_level_range" CHECK ("caucuses"."level" between 1 and 5),
	CONSTRAINT "caucuses_name_length" CHECK (char_length(btrim("caucuses"."name")) between 1 and 100),
	CONSTRAINT "caucuses_district_positive" CHECK ("caucuses"."district" >= 1),
	CONSTRAINT "caucuses_invitation_code_format" CHECK ("caucuses"."invitation_code" ~ '^[A-Z0-9]{6}$'),
	CONSTRAINT "caucuses_required_members_range" CHECK ("caucuses"."required_voting_members" between 1 and 100),
	CONSTRAINT "caucuses_private_has_password" CHECK ("caucuses"."is_open" or char_length(coalesce("caucuses"."password", '')) >= 4),
	CONSTRAINT "caucuses_finalized_has_delegate" CHECK (not "caucuses"."election_finalized" or ("caucuses"."elected_delegate_id" is not null and "caucuses"."voting_finalized")),
	CONSTRAINT "caucuses_platform_link_http" CHECK ("caucuses"."platform_link" is null or "caucuses"."platform_link" ~* '^https?://')
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"caucus_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_not_blank" CHECK (char_length(btrim("chat_messages"."message")) between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "organizer_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"caucus_id" uuid NOT NULL,
	"inviter_id" uuid NOT NULL,
	"invitee_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone,
	CONSTRAINT "organizer_invitations_status" CHECK ("organizer_invitations"."status" in ('pending', 'accepted', 'declined')),
	CONSTRAINT "organizer_invitations_responded" CHECK (("organizer_invitations"."status" = 'pending') = ("organizer_invitations"."responded_at" is null))
);
--> statement-breakpoint
CREATE TABLE "votes" (
	"caucus_id" uuid NOT NULL,
	"voter_id" uuid NOT NULL,
	"candidate_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "votes_caucus_id_voter_id_pk" PRIMARY KEY("caucus_id","voter_id")
);
--> statement-breakpoint
CREATE TABLE "voting_member_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"caucus_id" uuid NOT NULL,
	"inviter_id" uuid NOT NULL,
	"invitee_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone,
	CONSTRAINT "voting_member_invitations_status" CHECK ("voting_member_invitations"."status" in ('pending', 'accepted', 'declined')),
	CONSTRAINT "voting_member_invitations_responded" CHECK (("voting_member_invitations"."status" = 'pending') = ("voting_member_invitations"."responded_at" is null))
);
--> statement-breakpoint
CREATE TABLE "challenge_chat_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"challenge_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenge_chat_messages_not_blank" CHECK (char_length(btrim("challenge_chat_messages"."message")) between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "challenge_invitations" (
	"challenge_id" uuid NOT NULL,
	"invitee_id" uuid NOT NULL,
	"inviter_id" uuid NOT NULL,
	"private_message_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenge_invitations_challenge_id_invitee_id_pk" PRIMARY KEY("challenge_id","invitee_id")
);
--> statement-breakpoint
CREATE TABLE "challenge_members" (
	"challenge_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"team" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenge_members_challenge_id_user_id_pk" PRIMARY KEY("challenge_id","user_id"),
	CONSTRAINT "challenge_members_team" CHECK ("challenge_members"."team" in ('blue', 'orange'))
);
--> statement-breakpoint
CREATE TABLE "challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"creator_id" uuid NOT NULL,
	"challenge_type" text NOT NULL,
	"duration_days" integer NOT NULL,
	"start_date" timestamp with time zone DEFAULT now() NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"winning_team" text,
	"blue_score" integer,
	"orange_score" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenges_type" CHECK ("challenges"."challenge_type" in ('banners', 'sparks')),
	CONSTRAINT "challenges_duration" CHECK ("challenges"."duration_days" between 3 and 30),
	CONSTRAINT "challenges_status" CHECK ("challenges"."status" in ('active', 'completed')),
	CONSTRAINT "challenges_winner" CHECK ("challenges"."winning_team" is null or "challenges"."winning_team" in ('blue', 'orange')),
	CONSTRAINT "challenges_name_not_blank" CHECK (char_length(btrim("challenges"."name")) between 1 and 100),
	CONSTRAINT "challenges_dates" CHECK ("challenges"."end_date" > "challenges"."start_date")
);
--> statement-breakpoint
CREATE TABLE "debate_defenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"text_content" text,
	"audio_url" text,
	"upvotes" integer DEFAULT 0 NOT NULL,
	"downvotes" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rebuttal_id" uuid NOT NULL,
	CONSTRAINT "debate_defenses_one_per_rebuttal" UNIQUE("rebuttal_id"),
	CONSTRAINT "debate_defenses_content_type" CHECK ("debate_defenses"."content_type" in ('text', 'audio')),
	CONSTRAINT "debate_defenses_has_content" CHECK (("debate_defenses"."content_type" = 'text' and "debate_defenses"."text_content" is not null) or ("debate_defenses"."content_type" = 'audio' and "debate_defenses"."audio_url" is not null))
);
--> statement-breakpoint
CREATE TABLE "debate_invitations" (
	"debate_id" uuid NOT NULL,
	"inviter_id" uuid NOT NULL,
	"invitee_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "debate_invitations_debate_id_invitee_id_pk" PRIMARY KEY("debate_id","invitee_id")
);
--> statement-breakpoint
CREATE TABLE "debate_participants" (
	"debate_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "debate_participants_debate_id_user_id_pk" PRIMARY KEY("debate_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "debate_rebuttals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"text_content" text,
	"audio_url" text,
	"upvotes" integer DEFAULT 0 NOT NULL,
	"downvotes" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"response_id" uuid NOT NULL,
	CONSTRAINT "debate_rebuttals_one_per_user" UNIQUE("response_id","user_id"),
	CONSTRAINT "debate_rebuttals_content_type" CHECK ("debate_rebuttals"."content_type" in ('text', 'audio')),
	CONSTRAINT "debate_rebuttals_has_content" CHECK (("debate_rebuttals"."content_type" = 'text' and "debate_rebuttals"."text_content" is not null) or ("debate_rebuttals"."content_type" = 'audio' and "debate_rebuttals"."audio_url" is not null))
);
--> statement-breakpoint
CREATE TABLE "debate_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"text_content" text,
	"audio_url" text,
	"upvotes" integer DEFAULT 0 NOT NULL,
	"downvotes" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"debate_id" uuid NOT NULL,
	CONSTRAINT "debate_responses_one_per_user" UNIQUE("debate_id","user_id"),
	CONSTRAINT "debate_responses_content_type" CHECK ("debate_responses"."content_type" in ('text', 'audio')),
	CONSTRAINT "debate_responses_has_content" CHECK (("debate_responses"."content_type" = 'text' and "debate_responses"."text_content" is not null) or ("debate_responses"."content_type" = 'audio' and "debate_responses"."audio_url" is not null))
);
--> statement-breakpoint
CREATE TABLE "debate_votes" (
	"content_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"user_id" uuid NOT NULL,
	"vote_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "debate_votes_content_id_content_type_user_id_pk" PRIMARY KEY("content_id","content_type","user_id"),
	CONSTRAINT "debate_votes_content_type" CHECK ("debate_votes"."content_type" in ('response', 'rebuttal', 'defense')),
	CONSTRAINT "debate_votes_vote_type" CHECK ("debate_votes"."vote_type" in ('upvote', 'downvote'))
);
--> statement-breakpoint
CREATE TABLE "debates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" uuid NOT NULL,
	"title" text NOT NULL,
	"prompt" text NOT NULL,
	"debate_type" text NOT NULL,
	"duration_days" integer DEFAULT 7 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"participant_count" integer DEFAULT 0 NOT NULL,
	"max_participants" integer DEFAULT 10 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "debates_type" CHECK ("debates"."debate_type" in ('text', 'audio')),
	CONSTRAINT "debates_duration" CHECK ("debates"."duration_days" between 3 and 30),
	CONSTRAINT "debates_participants" CHECK ("debates"."participant_count" between 0 and "debates"."max_participants"),
	CONSTRAINT "debates_title_not_blank" CHECK (char_length(btrim("debates"."title")) between 1 and 200),
	CONSTRAINT "debates_prompt_not_blank" CHECK (char_length(btrim("debates"."prompt")) between 1 and 5000)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"premium_badge_id" uuid,
	"amount_cents" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payments_provider_ref" UNIQUE("provider","provider_ref"),
	CONSTRAINT "payments_purpose" CHECK ("payments"."purpose" in ('verification_fee', 'premium_badge')),
	CONSTRAINT "payments_badge_for_badge" CHECK (("payments"."purpose" = 'premium_badge') = ("payments"."premium_badge_id" is not null)),
	CONSTRAINT "payments_status" CHECK ("payments"."status" in ('pending', 'succeeded', 'failed')),
	CONSTRAINT "payments_provider" CHECK ("payments"."provider" in ('stripe', 'test')),
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "premium_badge_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"premium_badge_id" uuid NOT NULL,
	"payment_id" uuid,
	"purchased_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "premium_badge_purchases_once" UNIQUE("user_id","premium_badge_id")
);
--> statement-breakpoint
CREATE TABLE "verification_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"session_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"government_id_digest" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verification_sessions_status" CHECK ("verification_sessions"."status" in ('pending', 'verified', 'failed')),
	CONSTRAINT "verification_sessions_provider" CHECK ("verification_sessions"."provider" in ('stripe', 'test'))
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscriptions" (
	"email" text PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photos_content_type" CHECK ("photos"."content_type" in ('image/webp', 'image/jpeg', 'image/png'))
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"activity_type" text NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activities_type" CHECK (activity_type in ('caucus_created', 'caucus_joined', 'election_finalized', 'delegate_elected', 'badge_earned', 'friend_added'))
);
--> statement-breakpoint
CREATE TABLE "badges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"icon_url" text,
	"criteria" text NOT NULL,
	"category" text NOT NULL,
	"metric" text NOT NULL,
	"threshold" integer,
	CONSTRAINT "badges_name_unique" UNIQUE("name"),
	CONSTRAINT "badges_category" CHECK ("badges"."category" in ('Recruitment', 'Leadership', 'Community', 'Challenges', 'Special', 'Founding', 'Premium'))
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organizer_user_id" uuid NOT NULL,
	"caucus_id" uuid,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banners_once_per_organizer_caucus" UNIQUE("organizer_user_id","caucus_id")
);
--> statement-breakpoint
CREATE TABLE "brownies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"giver_user_id" uuid NOT NULL,
	"receiver_user_id" uuid NOT NULL,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL,
	"given_on" date NOT NULL,
	CONSTRAINT "brownies_one_per_giver_per_day" UNIQUE("giver_user_id","given_on"),
	CONSTRAINT "brownies_not_to_self" CHECK ("brownies"."giver_user_id" <> "brownies"."receiver_user_id")
);
--> statement-breakpoint
CREATE TABLE "premium_badges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"image_url" text,
	"price_cents" integer NOT NULL,
	"stripe_payment_link" text,
	CONSTRAINT "premium_badges_name_unique" UNIQUE("name"),
	CONSTRAINT "premium_badges_price_positive" CHECK ("premium_badges"."price_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "reward_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"reward_type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"voucher_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "reward_claims_voucher_code_unique" UNIQUE("voucher_code"),
	CONSTRAINT "reward_claims_one_per_type" UNIQUE("user_id","reward_type"),
	CONSTRAINT "reward_claims_status" CHECK ("reward_claims"."status" in ('pending', 'processed')),
	CONSTRAINT "reward_claims_type" CHECK ("reward_claims"."reward_type" ~ '^[a-z0-9_]+$')
);
--> statement-breakpoint
CREATE TABLE "sparks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"referred_user_id" uuid,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sparks_not_self" CHECK ("sparks"."referred_user_id" is null or "sparks"."referred_user_id" <> "sparks"."user_id")
);
--> statement-breakpoint
CREATE TABLE "user_badges" (
	"user_id" uuid NOT NULL,
	"badge_id" uuid NOT NULL,
	"earned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_badges_user_id_badge_id_pk" PRIMARY KEY("user_id","badge_id")
);
--> statement-breakpoint
CREATE TABLE "broadcasts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sender_id" uuid NOT NULL,
	"message" text NOT NULL,
	"level" integer,
	"target_state" text,
	"target_district" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "broadcasts_not_blank" CHECK (char_length(btrim("broadcasts"."message")) between 1 and 5000),
	CONSTRAINT "broadcasts_district_needs_state" CHECK ("broadcasts"."target_district" is null or "broadcasts"."target_state" is not null)
);
--> statement-breakpoint
CREATE TABLE "friend_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requester_id" uuid NOT NULL,
	"requestee_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone,
	CONSTRAINT "friend_requests_status" CHECK ("friend_requests"."status" in ('pending', 'accepted', 'declined')),
	CONSTRAINT "friend_requests_not_self" CHECK ("friend_requests"."requester_id" <> "friend_requests"."requestee_id")
);
--> statement-breakpoint
CREATE TABLE "friendships" (
	"user1_id" uuid NOT NULL,
	"user2_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "friendships_user1_id_user2_id_pk" PRIMARY KEY("user1_id","user2_id"),
	CONSTRAINT "friendships_ordered" CHECK ("friendships"."user1_id" < "friendships"."user2_id")
);
--> statement-breakpoint
CREATE TABLE "private_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sender_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "private_messages_not_blank" CHECK (char_length(btrim("private_messages"."message")) between 1 and 5000)
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_recruited_by_users_id_fk" FOREIGN KEY ("recruited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caucus_members" ADD CONSTRAINT "caucus_members_caucus_id_caucuses_id_fk" FOREIGN KEY ("caucus_id") REFERENCES "public"."caucuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caucus_members" ADD CONSTRAINT "caucus_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caucuses" ADD CONSTRAINT "caucuses_organizer_id_users_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caucuses" ADD CONSTRAINT "caucuses_elected_delegate_id_users_id_fk" FOREIGN KEY ("elected_delegate_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_caucus_id_caucuses_id_fk" FOREIGN KEY ("caucus_id") REFERENCES "public"."caucuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizer_invitations" ADD CONSTRAINT "organizer_invitations_caucus_id_caucuses_id_fk" FOREIGN KEY ("caucus_id") REFERENCES "public"."caucuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizer_invitations" ADD CONSTRAINT "organizer_invitations_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizer_invitations" ADD CONSTRAINT "organizer_invitations_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_voter_member_fk" FOREIGN KEY ("caucus_id","voter_id") REFERENCES "public"."caucus_members"("caucus_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_candidate_member_fk" FOREIGN KEY ("caucus_id","candidate_id") REFERENCES "public"."caucus_members"("caucus_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voting_member_invitations" ADD CONSTRAINT "voting_member_invitations_caucus_id_caucuses_id_fk" FOREIGN KEY ("caucus_id") REFERENCES "public"."caucuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voting_member_invitations" ADD CONSTRAINT "voting_member_invitations_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voting_member_invitations" ADD CONSTRAINT "voting_member_invitations_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_chat_messages" ADD CONSTRAINT "challenge_chat_messages_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_chat_messages" ADD CONSTRAINT "challenge_chat_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_invitations" ADD CONSTRAINT "challenge_invitations_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_invitations" ADD CONSTRAINT "challenge_invitations_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_invitations" ADD CONSTRAINT "challenge_invitations_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_invitations" ADD CONSTRAINT "challenge_invitations_private_message_id_private_messages_id_fk" FOREIGN KEY ("private_message_id") REFERENCES "public"."private_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_members" ADD CONSTRAINT "challenge_members_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_members" ADD CONSTRAINT "challenge_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debate_defenses" ADD CONSTRAINT "debate_defenses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debate_defenses" ADD CONSTRAINT "debate_defenses_rebuttal_id_debate_rebuttals_id_fk" FOREIGN KEY ("rebuttal_id") REFERENCES "public"."debate_rebuttals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debate_invitations" ADD CONSTRAINT "debate_invitations_debate_id_debates_id_fk" FOREIGN KEY ("debate_id") REFERENCES "public"."debates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debate_invitations" ADD CONSTRAINT "debate_invitations_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debate_invitations" ADD CONSTRAINT "debate_invitations_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debate_participants" ADD CONSTRAINT "debate_participants_debate_id_debates_id_fk" FOREIGN KEY ("debate_id") REFERENCES "public"."debates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debate_participants" ADD CONSTRAINT "debate_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debate_rebuttals" ADD CONSTRAINT "debate_rebuttals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debate_rebuttals" ADD CONSTRAINT "debate_rebuttals_response_id_debate_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."debate_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debate_responses" ADD CONSTRAINT "debate_responses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debate_responses" ADD CONSTRAINT "debate_responses_debate_id_debates_id_fk" FOREIGN KEY ("debate_id") REFERENCES "public"."debates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debate_votes" ADD CONSTRAINT "debate_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debates" ADD CONSTRAINT "debates_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_premium_badge_id_premium_badges_id_fk" FOREIGN KEY ("premium_badge_id") REFERENCES "public"."premium_badges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_badge_purchases" ADD CONSTRAINT "premium_badge_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_badge_purchases" ADD CONSTRAINT "premium_badge_purchases_premium_badge_id_premium_badges_id_fk" FOREIGN KEY ("premium_badge_id") REFERENCES "public"."premium_badges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_badge_purchases" ADD CONSTRAINT "premium_badge_purchases_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_sessions" ADD CONSTRAINT "verification_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD CONSTRAINT "newsletter_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_organizer_user_id_users_id_fk" FOREIGN KEY ("organizer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_caucus_id_caucuses_id_fk" FOREIGN KEY ("caucus_id") REFERENCES "public"."caucuses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brownies" ADD CONSTRAINT "brownies_giver_user_id_users_id_fk" FOREIGN KEY ("giver_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brownies" ADD CONSTRAINT "brownies_receiver_user_id_users_id_fk" FOREIGN KEY ("receiver_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_claims" ADD CONSTRAINT "reward_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sparks" ADD CONSTRAINT "sparks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sparks" ADD CONSTRAINT "sparks_referred_user_id_users_id_fk" FOREIGN KEY ("referred_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_badges" ADD CONSTRAINT "user_badges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_badges" ADD CONSTRAINT "user_badges_badge_id_badges_id_fk" FOREIGN KEY ("badge_id") REFERENCES "public"."badges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friend_requests" ADD CONSTRAINT "friend_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friend_requests" ADD CONSTRAINT "friend_requests_requestee_id_users_id_fk" FOREIGN KEY ("requestee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friendships" ADD CONSTRAINT "friendships_user1_id_users_id_fk" FOREIGN KEY ("user1_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friendships" ADD CONSTRAINT "friendships_user2_id_users_id_fk" FOREIGN KEY ("user2_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_messages" ADD CONSTRAINT "private_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_messages" ADD CONSTRAINT "private_messages_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_id_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_state_district_idx" ON "users" USING btree ("state","district");--> statement-breakpoint
CREATE INDEX "users_email_verified_at_idx" ON "users" USING btree ("email_verified_at");--> statement-breakpoint
CREATE INDEX "users_name_search_idx" ON "users" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_sparks_idx" ON "users" USING btree ("sparks");--> statement-breakpoint
CREATE INDEX "users_banners_idx" ON "users" USING btree ("banners");--> statement-breakpoint
CREATE INDEX "users_brownies_idx" ON "users" USING btree ("brownies");--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "caucus_members_user_idx" ON "caucus_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "caucuses_one_level5_per_district" ON "caucuses" USING btree ("state","district") WHERE "caucuses"."level" = 5;--> statement-breakpoint
CREATE INDEX "caucuses_search_idx" ON "caucuses" USING btree ("state","district","level");--> statement-breakpoint
CREATE INDEX "caucuses_level_finalized_idx" ON "caucuses" USING btree ("level","election_finalized");--> statement-breakpoint
CREATE INDEX "caucuses_organizer_idx" ON "caucuses" USING btree ("organizer_id");--> statement-breakpoint
CREATE INDEX "caucuses_delegate_idx" ON "caucuses" USING btree ("elected_delegate_id");--> statement-breakpoint
CREATE INDEX "caucuses_name_search_idx" ON "caucuses" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "chat_messages_caucus_idx" ON "chat_messages" USING btree ("caucus_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "organizer_invitations_one_pending" ON "organizer_invitations" USING btree ("caucus_id","invitee_id") WHERE "organizer_invitations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "organizer_invitations_invitee_idx" ON "organizer_invitations" USING btree ("invitee_id","status");--> statement-breakpoint
CREATE INDEX "organizer_invitations_inviter_idx" ON "organizer_invitations" USING btree ("inviter_id");--> statement-breakpoint
CREATE INDEX "votes_voter_idx" ON "votes" USING btree ("voter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "voting_member_invitations_one_pending" ON "voting_member_invitations" USING btree ("caucus_id","invitee_id") WHERE "voting_member_invitations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "voting_member_invitations_invitee_idx" ON "voting_member_invitations" USING btree ("invitee_id","status");--> statement-breakpoint
CREATE INDEX "challenge_chat_messages_challenge_idx" ON "challenge_chat_messages" USING btree ("challenge_id","created_at");--> statement-breakpoint
CREATE INDEX "challenge_members_user_idx" ON "challenge_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "challenges_status_end_idx" ON "challenges" USING btree ("status","end_date");--> statement-breakpoint
CREATE INDEX "debate_participants_user_idx" ON "debate_participants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "debate_responses_debate_idx" ON "debate_responses" USING btree ("debate_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "debates_active_created_idx" ON "debates" USING btree ("is_active","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "debates_creator_idx" ON "debates" USING btree ("creator_id");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","purpose","status");--> statement-breakpoint
CREATE UNIQUE INDEX "verification_sessions_provider_session" ON "verification_sessions" USING btree ("provider","session_id");--> statement-breakpoint
CREATE INDEX "verification_sessions_user_idx" ON "verification_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_pending_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "photos_user_idx" ON "photos" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "activities_user_created_idx" ON "activities" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "banners_user_time_idx" ON "banners" USING btree ("organizer_user_id","timestamp");--> statement-breakpoint
CREATE INDEX "brownies_receiver_day_idx" ON "brownies" USING btree ("receiver_user_id","given_on");--> statement-breakpoint
CREATE UNIQUE INDEX "sparks_once_per_referred_user" ON "sparks" USING btree ("referred_user_id");--> statement-breakpoint
CREATE INDEX "sparks_user_time_idx" ON "sparks" USING btree ("user_id","timestamp");--> statement-breakpoint
CREATE INDEX "user_badges_user_idx" ON "user_badges" USING btree ("user_id","earned_at");--> statement-breakpoint
CREATE INDEX "broadcasts_created_idx" ON "broadcasts" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "broadcasts_target_idx" ON "broadcasts" USING btree ("target_state","target_district");--> statement-breakpoint
CREATE UNIQUE INDEX "friend_requests_one_pending_pair" ON "friend_requests" USING btree (least("requester_id", "requestee_id"),greatest("requester_id", "requestee_id")) WHERE "friend_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "friend_requests_requestee_idx" ON "friend_requests" USING btree ("requestee_id","status");--> statement-breakpoint
CREATE INDEX "friendships_user2_idx" ON "friendships" USING btree ("user2_id");--> statement-breakpoint
CREATE INDEX "private_messages_recipient_idx" ON "private_messages" USING btree ("recipient_id","sender_id","created_at");--> statement-breakpoint
CREATE INDEX "private_messages_sender_idx" ON "private_messages" USING btree ("sender_id","recipient_id","created_at");
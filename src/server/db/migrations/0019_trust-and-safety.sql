CREATE TABLE "admin_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"target_kind" text,
	"target_id" text,
	"reason" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "election_records" (
	"caucus_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"actor_id" uuid,
	"actor_ref" text,
	"subject_id" uuid,
	"subject_ref" text,
	"detail" text,
	"occurred_at" text NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "election_records_caucus_id_seq_pk" PRIMARY KEY("caucus_id","seq"),
	CONSTRAINT "election_records_kind" CHECK ("election_records"."kind" in ('created', 'joined', 'left', 'verified', 'vote', 'finalized')),
	CONSTRAINT "election_records_seq" CHECK ("election_records"."seq" >= 1),
	CONSTRAINT "election_records_hash" CHECK ("election_records"."hash" ~ '^[0-9a-f]{64}$' and "election_records"."prev_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "moderation_items" (
	"item_kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"author_id" uuid,
	"state" text DEFAULT 'open' NOT NULL,
	"open_reports" integer DEFAULT 0 NOT NULL,
	"counted_reports" integer DEFAULT 0 NOT NULL,
	"hidden_by_reports" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	CONSTRAINT "moderation_items_item_kind_item_id_pk" PRIMARY KEY("item_kind","item_id"),
	CONSTRAINT "moderation_items_kind" CHECK (item_kind in ('profile', 'private_message', 'chat_message', 'challenge_chat_message', 'debate', 'debate_response', 'debate_rebuttal', 'debate_defense', 'caucus')),
	CONSTRAINT "moderation_items_state" CHECK (state in ('open', 'hidden', 'dismissed', 'restored', 'deleted'))
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" uuid NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"counted" boolean NOT NULL,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_one_per_person" UNIQUE("reporter_id","item_kind","item_id"),
	CONSTRAINT "reports_kind" CHECK (item_kind in ('profile', 'private_message', 'chat_message', 'challenge_chat_message', 'debate', 'debate_response', 'debate_rebuttal', 'debate_defense', 'caucus')),
	CONSTRAINT "reports_reason" CHECK (reason in ('spam', 'harassment', 'hate', 'threat', 'impersonation', 'misinformation', 'other')),
	CONSTRAINT "reports_note_length" CHECK ("reports"."note" is null or char_length("reports"."note") <= 500)
);
--> statement-breakpoint
CREATE TABLE "user_blocks" (
	"blocker_id" uuid NOT NULL,
	"blocked_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id"),
	CONSTRAINT "user_blocks_not_self" CHECK ("user_blocks"."blocker_id" <> "user_blocks"."blocked_id")
);
--> statement-breakpoint
ALTER TABLE "notification_settings" DROP CONSTRAINT "notification_settings_kind";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "profile_hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "caucuses" ADD COLUMN "record_salt" text DEFAULT gen_random_uuid()::text NOT NULL;--> statement-breakpoint
ALTER TABLE "caucuses" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "challenge_chat_messages" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "debate_defenses" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "debate_rebuttals" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "debate_responses" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "debates" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "private_messages" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "moderation_items" ADD CONSTRAINT "moderation_items_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_items" ADD CONSTRAINT "moderation_items_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_log_created_idx" ON "admin_log" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "election_records_actor_idx" ON "election_records" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "moderation_items_queue_idx" ON "moderation_items" USING btree ("last_reported_at" DESC NULLS LAST) WHERE "moderation_items"."open_reports" > 0;--> statement-breakpoint
CREATE INDEX "moderation_items_author_idx" ON "moderation_items" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "reports_item_idx" ON "reports" USING btree ("item_kind","item_id","created_at");--> statement-breakpoint
CREATE INDEX "user_blocks_blocked_idx" ON "user_blocks" USING btree ("blocked_id");--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_kind" CHECK (kind in ('caucus_invitation', 'organizer_invitation', 'caucus_joined', 'caucus_full', 'vote_missing', 'election_finalized', 'elected_delegate', 'debate_reply', 'challenge_invitation', 'badge_earned', 'reward_available', 'friend_request', 'friend_accepted', 'private_message', 'broadcast', 'challenge_result', 'election_split', 'invitation_reminder', 'vote_reminder', 'moderation_notice'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind" CHECK (kind in ('caucus_invitation', 'organizer_invitation', 'caucus_joined', 'caucus_full', 'vote_missing', 'election_finalized', 'elected_delegate', 'debate_reply', 'challenge_invitation', 'badge_earned', 'reward_available', 'friend_request', 'friend_accepted', 'private_message', 'broadcast', 'challenge_result', 'election_split', 'invitation_reminder', 'vote_reminder', 'moderation_notice'));--> statement-breakpoint
-- The admin log is append-only: nobody updates or deletes a line, not even the app.
create or replace function admin_log_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'admin_log is append-only' using errcode = 'insufficient_privilege';
end;
$$;
--> statement-breakpoint
create trigger admin_log_append_only before update or delete on admin_log
for each row execute function admin_log_append_only();
--> statement-breakpoint
-- The election record (issue 14): each entry's hash is SHA-256 of
--   caucus_id|seq|kind|actor_ref|subject_ref|detail|occurred_at|prev_hash
-- (missing parts as empty text), the first entry's prev_hash is 64 zeros. People appear as
-- per-caucus pseudonyms: 'V-' and 12 hex digits of SHA-256(record_salt:user_id). Written by the
-- triggers below in the transaction of the change, under the caucus's row lock, so concurrent
-- votes and joins are recorded one after another in the order they committed their locks.
-- src/domain/caucuses/election-record.ts recomputes the same.
create or replace function election_record_ref(salt text, person uuid) returns text language sql immutable as $$
  select case when person is null then null else 'V-' || left(encode(sha256(convert_to(salt || ':' || person::text, 'UTF8')), 'hex'), 12) end;
$$;
--> statement-breakpoint
create or replace function election_record_append(p_caucus uuid, p_kind text, p_actor uuid, p_subject uuid, p_detail text) returns void language plpgsql as $$
declare
  v_salt text;
  v_seq integer;
  v_prev text;
  v_at text;
  v_actor_ref text;
  v_subject_ref text;
begin
  select record_salt into v_salt from caucuses where id = p_caucus for update;
  if not found then
    return; -- the caucus itself is being deleted: its record goes with it
  end if;
  select seq, hash into v_seq, v_prev from election_records where caucus_id = p_caucus order by seq desc limit 1;
  if not found then
    v_seq := 0;
    v_prev := repeat('0', 64);
  end if;
  v_seq := v_seq + 1;
  v_at := to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
  v_actor_ref := election_record_ref(v_salt, p_actor);
  v_subject_ref := election_record_ref(v_salt, p_subject);
  insert into election_records (caucus_id, seq, kind, actor_id, actor_ref, subject_id, subject_ref, detail, occurred_at, prev_hash, hash)
  values (
    p_caucus, v_seq, p_kind, p_actor, v_actor_ref, p_subject, v_subject_ref, p_detail, v_at, v_prev,
    encode(sha256(convert_to(concat_ws('|', p_caucus::text, v_seq::text, p_kind, coalesce(v_actor_ref, ''), coalesce(v_subject_ref, ''), coalesce(p_detail, ''), v_at, v_prev), 'UTF8')), 'hex')
  );
end;
$$;
--> statement-breakpoint
create or replace function election_records_append_only() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' and not exists (select 1 from caucuses where id = old.caucus_id) then
    return old; -- the caucus was deleted: its record goes with it
  end if;
  raise exception 'election_records is append-only' using errcode = 'insufficient_privilege';
end;
$$;
--> statement-breakpoint
create trigger election_records_append_only before update or delete on election_records
for each row execute function election_records_append_only();
--> statement-breakpoint
create or replace function election_record_caucuses() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform election_record_append(new.id, 'created', new.organizer_id, null, new.level::text);
    return null;
  end if;
  if tg_op = 'DELETE' then
    delete from election_records where caucus_id = old.id;
    return null;
  end if;
  if new.election_finalized and not old.election_finalized then
    perform election_record_append(new.id, 'finalized', null, new.elected_delegate_id, new.required_voting_members::text);
  end if;
  return null;
end;
$$;
--> statement-breakpoint
create trigger election_record_caucuses after insert or update of election_finalized or delete on caucuses
for each row execute function election_record_caucuses();
--> statement-breakpoint
create or replace function election_record_members() returns trigger language plpgsql as $$
begin
  if tg_op in ('INSERT', 'UPDATE') and new.is_voting_member and (tg_op = 'INSERT' or not old.is_voting_member) then
    perform election_record_append(new.caucus_id, 'joined', new.user_id, null, null);
  end if;
  if tg_op in ('DELETE', 'UPDATE') and old.is_voting_member and (tg_op = 'DELETE' or not new.is_voting_member) then
    perform election_record_append(old.caucus_id, 'left', old.user_id, null, null);
  end if;
  return null;
end;
$$;
--> statement-breakpoint
create trigger election_record_members after insert or update of is_voting_member or delete on caucus_members
for each row execute function election_record_members();
--> statement-breakpoint
create or replace function election_record_votes() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    perform election_record_append(old.caucus_id, 'vote', old.voter_id, null, null);
  elsif tg_op = 'INSERT' or new.candidate_id <> old.candidate_id then
    perform election_record_append(new.caucus_id, 'vote', new.voter_id, new.candidate_id, null);
  end if;
  return null;
end;
$$;
--> statement-breakpoint
create trigger election_record_votes after insert or update of candidate_id or delete on votes
for each row execute function election_record_votes();
--> statement-breakpoint
create or replace function election_record_verified() returns trigger language plpgsql as $$
declare
  v_caucus uuid;
begin
  if new.verified and not old.verified then
    for v_caucus in
      select m.caucus_id from caucus_members m join caucuses c on c.id = m.caucus_id
      where m.user_id = new.id and m.is_voting_member and not c.election_finalized
      order by m.caucus_id
    loop
      perform election_record_append(v_caucus, 'verified', new.id, null, null);
    end loop;
  end if;
  return null;
end;
$$;
--> statement-breakpoint
create trigger election_record_verified after update of verified on users
for each row execute function election_record_verified();

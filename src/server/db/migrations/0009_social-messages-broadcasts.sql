CREATE TABLE "private_conversations" (
	"owner_id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	"last_message_id" uuid NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	CONSTRAINT "private_conversations_owner_id_partner_id_pk" PRIMARY KEY("owner_id","partner_id"),
	CONSTRAINT "private_conversations_not_self" CHECK ("private_conversations"."owner_id" <> "private_conversations"."partner_id")
);
--> statement-breakpoint
ALTER TABLE "broadcasts" DROP CONSTRAINT "broadcasts_district_needs_state";--> statement-breakpoint
ALTER TABLE "broadcasts" DROP CONSTRAINT "broadcasts_not_blank";--> statement-breakpoint
ALTER TABLE "private_messages" DROP CONSTRAINT "private_messages_not_blank";--> statement-breakpoint
DROP INDEX "broadcasts_created_idx";--> statement-breakpoint
DROP INDEX "broadcasts_target_idx";--> statement-breakpoint
DROP INDEX "private_messages_recipient_idx";--> statement-breakpoint
DROP INDEX "private_messages_sender_idx";--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "scope" text;--> statement-breakpoint
-- Broadcasts written before scopes existed take the scope their targets say.
UPDATE "broadcasts" SET "scope" = case when "target_district" is not null then 'district' when "target_state" is not null then 'state' else 'everyone' end;--> statement-breakpoint
ALTER TABLE "broadcasts" ALTER COLUMN "scope" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "caucus_id" uuid;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "audience" text GENERATED ALWAYS AS (case scope when 'everyone' then 'everyone' when 'state' then 'state:' || target_state when 'district' then 'district:' || target_state || ':' || target_district::text else 'caucus:' || caucus_id::text end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "private_conversations" ADD CONSTRAINT "private_conversations_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_conversations" ADD CONSTRAINT "private_conversations_partner_id_users_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "private_conversations_owner_recent_idx" ON "private_conversations" USING btree ("owner_id","last_message_at","partner_id");--> statement-breakpoint
CREATE INDEX "private_conversations_partner_idx" ON "private_conversations" USING btree ("partner_id");--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_caucus_id_caucuses_id_fk" FOREIGN KEY ("caucus_id") REFERENCES "public"."caucuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "broadcasts_audience_idx" ON "broadcasts" USING btree ("audience","created_at","id");--> statement-breakpoint
CREATE INDEX "broadcasts_sender_idx" ON "broadcasts" USING btree ("sender_id","created_at","id");--> statement-breakpoint
CREATE INDEX "broadcasts_caucus_idx" ON "broadcasts" USING btree ("caucus_id") WHERE "broadcasts"."caucus_id" is not null;--> statement-breakpoint
CREATE INDEX "friend_requests_requester_idx" ON "friend_requests" USING btree ("requester_id","status");--> statement-breakpoint
CREATE INDEX "private_messages_unread_idx" ON "private_messages" USING btree ("recipient_id","sender_id") WHERE "private_messages"."read_at" is null;--> statement-breakpoint
CREATE INDEX "private_messages_recipient_idx" ON "private_messages" USING btree ("recipient_id");--> statement-breakpoint
CREATE INDEX "private_messages_sender_idx" ON "private_messages" USING btree ("sender_id","recipient_id","created_at","id");--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_scope_target" CHECK (("broadcasts"."scope" = 'everyone' and "broadcasts"."target_state" is null and "broadcasts"."target_district" is null and "broadcasts"."caucus_id" is null)
        or ("broadcasts"."scope" = 'state' and "broadcasts"."target_state" is not null and "broadcasts"."target_district" is null and "broadcasts"."caucus_id" is null)
        or ("broadcasts"."scope" = 'district' and "broadcasts"."target_state" is not null and "broadcasts"."target_district" >= 1 and "broadcasts"."caucus_id" is null)
        or ("broadcasts"."scope" = 'constituents' and "broadcasts"."caucus_id" is not null and "broadcasts"."level" is not null));--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_level_range" CHECK ("broadcasts"."level" is null or "broadcasts"."level" between 1 and 5);--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_not_blank" CHECK (char_length(btrim("broadcasts"."message")) >= 1 and char_length("broadcasts"."message") <= 2000);--> statement-breakpoint
ALTER TABLE "private_messages" ADD CONSTRAINT "private_messages_not_self" CHECK ("private_messages"."sender_id" <> "private_messages"."recipient_id");--> statement-breakpoint
ALTER TABLE "private_messages" ADD CONSTRAINT "private_messages_not_blank" CHECK (char_length(btrim("private_messages"."message")) >= 1 and char_length("private_messages"."message") <= 2000);--> statement-breakpoint
-- private_conversations always points at each pair's newest message, for both people: the
-- trigger runs in the transaction of every insert into private_messages. The two rows are
-- written in owner order, so two messages crossing between the same people cannot deadlock.
create or replace function private_messages_touch_conversations() returns trigger language plpgsql as $$
begin
  insert into private_conversations as c (owner_id, partner_id, last_message_id, last_message_at)
  select v.owner_id, v.partner_id, new.id, new.created_at
  from (values (new.sender_id, new.recipient_id), (new.recipient_id, new.sender_id)) as v(owner_id, partner_id)
  order by v.owner_id
  on conflict (owner_id, partner_id) do update
    set last_message_id = excluded.last_message_id, last_message_at = excluded.last_message_at
    where (excluded.last_message_at, excluded.last_message_id) > (c.last_message_at, c.last_message_id);
  return null;
end;
$$;
--> statement-breakpoint
create trigger private_messages_touch_conversations
after insert on private_messages
for each row execute function private_messages_touch_conversations();
--> statement-breakpoint
-- Conversations of the messages written before this migration.
insert into private_conversations (owner_id, partner_id, last_message_id, last_message_at)
select distinct on (owner_id, partner_id) owner_id, partner_id, id, created_at
from (
  select sender_id as owner_id, recipient_id as partner_id, id, created_at from private_messages
  union all
  select recipient_id, sender_id, id, created_at from private_messages
) m
order by owner_id, partner_id, created_at desc, id desc
on conflict do nothing;

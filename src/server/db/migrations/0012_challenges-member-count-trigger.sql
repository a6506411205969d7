-- challenges.member_count always equals the challenge's members. The trigger runs in the
-- transaction that changes challenge_members, so the check constraint challenges_member_count
-- (between 0 and 12) refuses a 13th member even if a service forgot its row lock. The count is
-- kept for challenges in any status (history may be written directly, e.g. by repair tasks);
-- joining only an active challenge is the service's rule, under the challenge's row lock
-- (decision 015).
create or replace function challenge_members_count() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    update challenges set member_count = member_count + 1 where id = new.challenge_id;
  elsif tg_op = 'DELETE' then
    update challenges set member_count = member_count - 1 where id = old.challenge_id;
  end if;
  return null;
end;
$$;
--> statement-breakpoint
create trigger challenge_members_count
after insert or delete on challenge_members
for each row execute function challenge_members_count();
--> statement-breakpoint
update challenges c set member_count = (select count(*) from challenge_members m where m.challenge_id = c.id);

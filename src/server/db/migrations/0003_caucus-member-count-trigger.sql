-- caucuses.voting_member_count always equals the caucus's voting members. The trigger runs in
-- the transaction that changes caucus_members, so the capacity check constraint on caucuses
-- refuses a join beyond required_voting_members even if a service forgot its row lock.
create or replace function caucus_members_count_voters() returns trigger language plpgsql as $$
begin
  if tg_op in ('INSERT', 'UPDATE') and new.is_voting_member then
    update caucuses set voting_member_count = voting_member_count + 1 where id = new.caucus_id;
  end if;
  if tg_op in ('DELETE', 'UPDATE') and old.is_voting_member then
    update caucuses set voting_member_count = voting_member_count - 1 where id = old.caucus_id;
  end if;
  return null;
end;
$$;
--> statement-breakpoint
create trigger caucus_members_count_voters
after insert or update of is_voting_member or delete on caucus_members
for each row execute function caucus_members_count_voters();
--> statement-breakpoint
update caucuses c set voting_member_count = (
  select count(*) from caucus_members m where m.caucus_id = c.id and m.is_voting_member
);

import { sql } from 'drizzle-orm';
import type { TodoAnswer } from '../../../domain/todo/todo-answer';
import { type TodoFacts, todoListFor } from '../../../domain/todo/todo-list';
import type { Db } from '../../db/client';
import { unauthorized } from '../../http/app-error';

/**
 * The facts of the To-Do List (spec section 2) in one query, each subquery served by an index
 * (reward_claims by user, caucus_members by user, user_badges by user, caucuses by delegate
 * and by organizer).
 */
export async function readTodoFacts(deps: { db: Db }, userId: string): Promise<TodoFacts> {
  const result = await deps.db.execute<{
    sparks: number;
    banners: number;
    reward_claims: number;
    voting_memberships: number;
    has_friend_badge: boolean;
    in_caucus_with_delegate: boolean;
    is_delegate: boolean;
    organized: number;
    above_level1: boolean;
  }>(sql`
    select u.sparks, u.banners,
      (select count(*) from reward_claims rc where rc.user_id = u.id)::int as reward_claims,
      (select count(*) from caucus_members m where m.user_id = u.id and m.is_voting_member)::int as voting_memberships,
      exists (select 1 from user_badges ub join badges b on b.id = ub.badge_id where ub.user_id = u.id and b.name = 'Friend') as has_friend_badge,
      exists (select 1 from caucus_members m join caucuses c on c.id = m.caucus_id
              where m.user_id = u.id and m.is_voting_member and c.election_finalized) as in_caucus_with_delegate,
      exists (select 1 from caucuses c where c.elected_delegate_id = u.id and c.election_finalized) as is_delegate,
      (select count(*) from (
         select c.id from caucuses c where c.organizer_id = u.id
         union
         select m.caucus_id from caucus_members m where m.user_id = u.id and m.is_organizer) organized)::int as organized,
      exists (select 1 from caucus_members m join caucuses c on c.id = m.caucus_id
              where m.user_id = u.id and m.is_voting_member and c.level >= 2) as above_level1
    from users u
    where u.id = ${userId} and u.deleted_at is null`);
  const row = result.rows[0];
  if (!row) throw unauthorized();
  return {
    sparks: row.sparks,
    banners: row.banners,
    rewardClaims: row.reward_claims,
    votingMemberships: row.voting_memberships,
    hasFriendBadge: row.has_friend_badge,
    inCaucusWithElectedDelegate: row.in_caucus_with_delegate,
    isElectedDelegate: row.is_delegate,
    organizedCaucuses: row.organized,
    votingMemberAboveLevel1: row.above_level1,
  };
}

/** GET /api/todo: the checklist that applies to the user, or null when none does. */
export async function getTodoList(deps: { db: Db }, userId: string): Promise<TodoAnswer> {
  return { list: todoListFor(await readTodoFacts(deps, userId)) };
}

import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notFound } from '../../http/app-error';

/**
 * "Download my data" (issue 14): one JSON document of everything the app holds about a person,
 * read in one statement (one consistent snapshot). Secrets stay out: no password hash, session,
 * push key, verification session id or government ID digest; payments appear by their
 * provider's reference only.
 */
export const DATA_EXPORT_FORMAT = 'caucus-personal-data/1';

const rows = (query: SQL) => sql`(select coalesce(json_agg(t), '[]'::json) from (${query}) t)`;

export async function exportPersonalData({ db }: { db: Db }, userId: string, now: Date): Promise<Record<string, unknown>> {
  const me = sql`${userId}::uuid`;
  const parts: Array<[string, SQL]> = [
    [
      'profile',
      sql`(select row_to_json(t) from (select id, email, name, state, district, political_alignment, bio, tagline, photo_url, verified, founding_rank,
        sparks, banners, coalesce((select bc.brownies from brownie_counts bc where bc.user_id = u.id), 0) as brownies, is_administrator, recruited_by,
        email_verified_at, created_at, updated_at, suspended_until, suspension_reason, profile_hidden_at
        from users u where u.id = ${me}) t)`,
    ],
    ['caucusMemberships', rows(sql`select m.caucus_id, c.name as caucus_name, c.level, c.state, c.district, m.is_voting_member, m.is_organizer, m.created_at as joined_at from caucus_members m join caucuses c on c.id = m.caucus_id where m.user_id = ${me} order by m.created_at`)],
    ['caucusesOrganized', rows(sql`select id, name, level, state, district, created_at from caucuses where organizer_id = ${me} order by created_at`)],
    ['votes', rows(sql`select v.caucus_id, v.candidate_id, u.name as candidate_name, v.created_at, v.updated_at from votes v left join users u on u.id = v.candidate_id where v.voter_id = ${me}`)],
    ['electionRecordEntries', rows(sql`select caucus_id, seq, kind, actor_ref, subject_ref, occurred_at, hash from election_records where actor_id = ${me} order by caucus_id, seq`)],
    ['privateMessagesSent', rows(sql`select id, recipient_id, message, created_at, read_at from private_messages where sender_id = ${me} order by created_at`)],
    ['privateMessagesReceived', rows(sql`select id, sender_id, message, created_at, read_at from private_messages where recipient_id = ${me} order by created_at`)],
    ['caucusChatMessages', rows(sql`select id, caucus_id, message, created_at, hidden_at from chat_messages where user_id = ${me} order by created_at`)],
    ['challengeChatMessages', rows(sql`select id, challenge_id, message, created_at, hidden_at from challenge_chat_messages where user_id = ${me} order by created_at`)],
    ['broadcastsSent', rows(sql`select id, message, scope, target_state, target_district, level, created_at from broadcasts where sender_id = ${me} order by created_at`)],
    ['debates', rows(sql`select id, title, prompt, debate_type, duration_days, created_at, expires_at, hidden_at from debates where creator_id = ${me} order by created_at`)],
    ['debateResponses', rows(sql`select id, debate_id, content_type, text_content, audio_url, upvotes, downvotes, created_at from debate_responses where user_id = ${me}`)],
    ['debateRebuttals', rows(sql`select id, response_id, content_type, text_content, audio_url, upvotes, downvotes, created_at from debate_rebuttals where user_id = ${me}`)],
    ['debateDefenses', rows(sql`select id, rebuttal_id, content_type, text_content, audio_url, upvotes, downvotes, created_at from debate_defenses where user_id = ${me}`)],
    ['debateVotes', rows(sql`select content_id, content_type, vote_type, created_at from debate_votes where user_id = ${me}`)],
    ['friends', rows(sql`select case when f.user1_id = ${me} then f.user2_id else f.user1_id end as friend_id, u.name as friend_name, f.created_at from friendships f join users u on u.id = case when f.user1_id = ${me} then f.user2_id else f.user1_id end where f.user1_id = ${me} or f.user2_id = ${me}`)],
    ['friendRequests', rows(sql`select id, requester_id, requestee_id, status, created_at, responded_at from friend_requests where requester_id = ${me} or requestee_id = ${me} order by created_at`)],
    ['challengeMemberships', rows(sql`select m.challenge_id, c.name, m.team, m.created_at as joined_at from challenge_members m join challenges c on c.id = m.challenge_id where m.user_id = ${me}`)],
    ['sparks', rows(sql`select * from sparks where user_id = ${me}`)],
    ['banners', rows(sql`select * from banners where organizer_user_id = ${me}`)],
    ['browniesGiven', rows(sql`select * from brownies where giver_user_id = ${me}`)],
    ['browniesReceived', rows(sql`select * from brownies where receiver_user_id = ${me}`)],
    ['badges', rows(sql`select b.name, ub.earned_at from user_badges ub join badges b on b.id = ub.badge_id where ub.user_id = ${me}`)],
    ['rewardClaims', rows(sql`select * from reward_claims where user_id = ${me}`)],
    ['premiumBadgePurchases', rows(sql`select premium_badge_id, payment_id, purchased_at from premium_badge_purchases where user_id = ${me}`)],
    ['payments', rows(sql`select id, purpose, amount_cents, provider, provider_ref, status, created_at, completed_at from payments where user_id = ${me} order by created_at`)],
    ['identityVerifications', rows(sql`select provider, status, created_at, updated_at from verification_sessions where user_id = ${me} order by created_at`)],
    ['activities', rows(sql`select activity_type, description, created_at from activities where user_id = ${me} order by created_at`)],
    ['notifications', rows(sql`select kind, data, created_at, read_at from notifications where user_id = ${me} order by created_at`)],
    ['notificationSettings', rows(sql`select kind, email, push, cadence from notification_settings where user_id = ${me}`)],
    ['pushDevices', rows(sql`select label, created_at, last_success_at from push_subscriptions where user_id = ${me}`)],
    ['reportsMade', rows(sql`select item_kind, item_id, reason, note, created_at from reports where reporter_id = ${me} order by created_at`)],
    ['blockedPeople', rows(sql`select b.blocked_id, u.name, b.created_at from user_blocks b join users u on u.id = b.blocked_id where b.blocker_id = ${me}`)],
  ];
  const query = sql`select json_build_object(${sql.join(
    parts.map(([key, value]) => sql`${key}::text, ${value}`),
    sql`, `,
  )}) as data`;
  const [row] = (await db.execute<{ data: Record<string, unknown> & { profile: unknown } }>(query)).rows;
  if (!row?.data.profile) throw notFound('Profile not found');
  return { format: DATA_EXPORT_FORMAT, exportedAt: now.toISOString(), ...row.data };
}

import { sql } from 'drizzle-orm';
import { CHAMPION_MIN_SPARKS } from '../../../domain/badges/champion';
import type { Db, DbOrTx } from '../../db/client';
import type { Clock } from '../../clock';

/**
 * The repair task (`npm run badges:recompute`): re-derives every user's badges from the
 * ledgers (sparks, banners, brownies, debate contributions, challenge results, caucuses and
 * their Pioneer places, founding ranks, premium purchases) and compares them with the badges
 * held. Set-based SQL (a handful of statements whatever the number of users), in one
 * transaction; the rules are those of `badgesReachedBy` (src/domain/badges/badge-progress.ts),
 * written as joins with the badges table's metric and threshold (a test keeps the two equal).
 * `fix` awards the missing badges, each with its badge_earned activity. Nothing is ever taken
 * away: OG and Pioneer are historical, and a badge once earned stays.
 */

export interface BadgeDifference {
  badge: string;
  count: number;
  /** A few of the users concerned (ids). */
  sampleUserIds: string[];
}

export interface RecomputeReport {
  users: number;
  expected: number;
  held: number;
  missing: BadgeDifference[];
  unexpected: BadgeDifference[];
  /** With `fix`: badges awarded (each with one badge_earned activity). */
  awarded: number;
  fixed: boolean;
  ms: number;
}

/** Every (user, badge) the ledgers earn, into the temporary table badge_expected. */
async function deriveExpected(tx: DbOrTx) {
  await tx.execute(sql`create temporary table badge_expected (user_id uuid not null, badge_id uuid not null, primary key (user_id, badge_id)) on commit drop`);
  await tx.execute(sql`
    insert into badge_expected (user_id, badge_id)
    with
      spark_counts as (select user_id, count(*)::int as n from sparks group by user_id),
      counted as (
        select user_id, 'sparks' as metric, n from spark_counts
        union all
        select organizer_user_id, 'banners', count(*)::int from banners group by organizer_user_id
        union all
        select receiver_user_id, 'brownies_in_a_day', max(n) from (
          select receiver_user_id, count(*)::int as n from brownies group by receiver_user_id, given_on) days
        group by receiver_user_id
        union all
        select user_id, 'debate_contributions', count(*)::int from (
          select user_id from debate_responses
          union all select user_id from debate_rebuttals
          union all select user_id from debate_defenses) contributions
        group by user_id
        union all
        select cm.user_id, 'challenge_wins', count(*)::int from challenge_members cm
          join challenges ch on ch.id = cm.challenge_id
          where ch.status = 'completed' and ch.winning_team = cm.team
          group by cm.user_id
      ),
      pioneer as (
        select m.user_id, min(c.pioneer_rank) as place from caucus_members m join caucuses c on c.id = m.caucus_id
        where m.is_voting_member and c.pioneer_rank is not null group by m.user_id
      ),
      delegates as (select distinct elected_delegate_id as user_id, level from caucuses where election_finalized),
      purchases as (
        select p.user_id, pb.name from premium_badge_purchases p join premium_badges pb on pb.id = p.premium_badge_id
      ),
      champions as (
        select s.user_id from spark_counts s
        where s.n >= ${CHAMPION_MIN_SPARKS}
          and (exists (select 1 from caucuses c where c.organizer_id = s.user_id)
            or exists (select 1 from caucus_members m where m.user_id = s.user_id and m.is_organizer))
          and exists (select 1 from votes v join caucuses c on c.id = v.caucus_id
            where v.voter_id = s.user_id and c.level = 1 and c.election_finalized)
          and exists (select 1 from premium_badge_purchases p where p.user_id = s.user_id)
      )
    select c.user_id, b.id from counted c join badges b on b.metric = c.metric and c.n >= b.threshold
    union
    select p.user_id, b.id from pioneer p join badges b on b.metric = 'pioneer' and p.place <= b.threshold
    union
    select u.id, b.id from badges b join users u on u.founding_rank <= b.threshold where b.metric = 'founding_member'
    union
    select d.user_id, b.id from delegates d
      join badges b on (b.metric = 'delegate_level' and b.threshold = d.level + 1) or (b.metric = 'candidate' and d.level = 5)
    union
    select p.user_id, b.id from purchases p join badges b on b.metric = 'premium' and b.name = p.name
    union
    select c.user_id, b.id from champions c join badges b on b.metric = 'champion'`);
}

async function differences(tx: DbOrTx, from: string, minus: string, sample: number): Promise<BadgeDifference[]> {
  const result = await tx.execute<{ badge: string; count: number; sample: string[] }>(sql`
    select b.name as badge, count(*)::int as count, (array_agg(d.user_id::text order by d.user_id))[1:${sample}] as sample
    from (select user_id, badge_id from ${sql.raw(from)} except select user_id, badge_id from ${sql.raw(minus)}) d
    join badges b on b.id = d.badge_id
    group by b.name
    order by count(*) desc, b.name`);
  return result.rows.map((r) => ({ badge: r.badge, count: r.count, sampleUserIds: r.sample }));
}

export async function recomputeBadges(deps: { db: Db; clock: Clock }, options: { fix?: boolean; sample?: number } = {}): Promise<RecomputeReport> {
  const started = performance.now();
  const sample = options.sample ?? 5;
  const at = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await deriveExpected(tx);
    const missing = await differences(tx, 'badge_expected', 'user_badges', sample);
    const unexpected = await differences(tx, 'user_badges', 'badge_expected', sample);
    const counts = await tx.execute<{ users: number; expected: number; held: number }>(sql`
      select (select count(*) from users)::int as users, (select count(*) from badge_expected)::int as expected,
        (select count(*) from user_badges)::int as held`);
    let awarded = 0;
    if (options.fix && missing.length > 0) {
      // The same rows awardBadges writes: the badge (once: the primary key) and its activity.
      const result = await tx.execute<{ n: number }>(sql`
        with inserted as (
          insert into user_badges (user_id, badge_id, earned_at)
          select e.user_id, e.badge_id, ${at.toISOString()}::timestamptz from badge_expected e
          where not exists (select 1 from user_badges ub where ub.user_id = e.user_id and ub.badge_id = e.badge_id)
          on conflict do nothing
          returning user_id, badge_id
        ),
        logged as (
          insert into activities (user_id, activity_type, description, created_at)
          select i.user_id, 'badge_earned', 'Earned the ' || b.name || ' badge', ${at.toISOString()}::timestamptz
          from inserted i join badges b on b.id = i.badge_id
          returning 1
        )
        select count(*)::int as n from logged`);
      awarded = result.rows[0]?.n ?? 0;
    }
    const row = counts.rows[0]!;
    return {
      users: row.users,
      expected: row.expected,
      held: row.held,
      missing,
      unexpected,
      awarded,
      fixed: !!options.fix,
      ms: Math.round(performance.now() - started),
    };
  });
}

const n = (x: number) => x.toLocaleString('en-US');

function differenceLines(list: BadgeDifference[]): string[] {
  const width = Math.max(0, ...list.map((d) => d.badge.length));
  return list.map((d) => `  ${d.badge.padEnd(width)}  ${n(d.count).padStart(9)}  e.g. ${d.sampleUserIds.join(', ')}`);
}

/** The report as the task prints it. */
export function formatRecomputeReport(r: RecomputeReport): string {
  const total = (list: BadgeDifference[]) => list.reduce((s, d) => s + d.count, 0);
  const lines = [
    `Badges re-derived from the ledgers for ${n(r.users)} users in ${(r.ms / 1000).toFixed(1)} s: ${n(r.expected)} earned by the ledgers, ${n(r.held)} held.`,
    r.missing.length === 0
      ? 'Missing: none.'
      : `Missing (earned by the ledgers, not held): ${n(total(r.missing))} in ${r.missing.length} badge${r.missing.length === 1 ? '' : 's'}`,
    ...differenceLines(r.missing),
    r.unexpected.length === 0
      ? 'Unexpected: none.'
      : `Unexpected (held, not earned by the ledgers; kept, badges are never taken away): ${n(total(r.unexpected))} in ${r.unexpected.length} badge${r.unexpected.length === 1 ? '' : 's'}`,
    ...differenceLines(r.unexpected),
  ];
  if (r.fixed) lines.push(`Fixed: awarded ${n(r.awarded)} missing badge${r.awarded === 1 ? '' : 's'}, each with its badge_earned activity.`);
  else if (r.missing.length > 0) lines.push('Run with --fix to award the missing badges.');
  return lines.join('\n');
}

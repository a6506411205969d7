import { CHALLENGE_MAX_MEMBERS, CHALLENGE_RECENT_DAYS, type ChallengeStatus, type Team } from './challenge-schemas';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Accept joins the smaller team; blue when both are equal (spec: "blue if equal or smaller").
 */
export function teamToJoin(counts: Record<Team, number>): Team {
  return counts.blue <= counts.orange ? 'blue' : 'orange';
}

/** The higher team wins; a tie has no winner (PRODUCT-RULES "Debates and challenges"). */
export function winnerFromScores(scores: { blue: number; orange: number }): Team | null {
  if (scores.blue > scores.orange) return 'blue';
  if (scores.orange > scores.blue) return 'orange';
  return null;
}

/** A challenge runs from its creation for `durationDays` whole days. */
export function challengeWindow(start: Date, durationDays: number): { start: Date; end: Date } {
  return { start, end: new Date(start.getTime() + durationDays * DAY_MS) };
}

/**
 * Points count when earned between start (included) and end (excluded): a point earned at
 * the very instant the challenge ends belongs to the time after it.
 */
export function earnedInWindow(at: Date, window: { start: Date; end: Date }): boolean {
  return at.getTime() >= window.start.getTime() && at.getTime() < window.end.getTime();
}

/** Days left, rounded up, never below 0 (as the debates count them). */
export function daysLeft(end: Date, now: Date): number {
  return Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS));
}

/** A challenge is over once its end date has passed, even before the sweep marks it completed. */
export function hasEnded(c: { status: ChallengeStatus; endDate: Date }, now: Date): boolean {
  return c.status === 'completed' || c.endDate.getTime() <= now.getTime();
}

/** The sweep (and a read) completes an active challenge whose end date has passed. */
export function isDueForCompletion(c: { status: ChallengeStatus; endDate: Date }, now: Date): boolean {
  return c.status === 'active' && c.endDate.getTime() <= now.getTime();
}

/** Recent = completed with an end date within the last CHALLENGE_RECENT_DAYS days. */
export function isRecent(c: { status: ChallengeStatus; endDate: Date }, now: Date): boolean {
  return c.status === 'completed' && c.endDate.getTime() > now.getTime() - CHALLENGE_RECENT_DAYS * DAY_MS;
}

/** The first end date that still counts as recent at `now`. */
export function recentSince(now: Date): Date {
  return new Date(now.getTime() - CHALLENGE_RECENT_DAYS * DAY_MS);
}

/**
 * Challenge access: its members see the challenge; users invited to it (and not members)
 * see the invitation; everyone else is denied.
 */
export function challengeAccess(viewer: { isMember: boolean; isInvited: boolean }): 'member' | 'invitation' | 'denied' {
  if (viewer.isMember) return 'member';
  if (viewer.isInvited) return 'invitation';
  return 'denied';
}

export type JoinDecision = { ok: true; team: Team } | { ok: false; reason: 'ended' | 'full' | 'already_member' | 'not_invited' };

/** Accepting an invitation: only while active, only with an invitation, only with a free seat. */
export function decideJoin(s: {
  status: ChallengeStatus;
  endDate: Date;
  now: Date;
  isMember: boolean;
  isInvited: boolean;
  counts: Record<Team, number>;
}): JoinDecision {
  if (s.isMember) return { ok: false, reason: 'already_member' };
  if (!s.isInvited) return { ok: false, reason: 'not_invited' };
  if (hasEnded(s, s.now)) return { ok: false, reason: 'ended' };
  if (s.counts.blue + s.counts.orange >= CHALLENGE_MAX_MEMBERS) return { ok: false, reason: 'full' };
  return { ok: true, team: teamToJoin(s.counts) };
}

/** Members ordered by score (highest first, then name); equal scores share a rank (1, 2, 2, 4). */
export function rankMembers<T extends { score: number; name: string; userId: string }>(members: readonly T[]): Array<T & { rank: number }> {
  const sorted = [...members].sort((a, b) => b.score - a.score || a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId));
  return sorted.map((m, i) => ({ ...m, rank: sorted.findIndex((o) => o.score === m.score) + 1 || i + 1 }));
}

/** Team totals from member scores. */
export function teamScores(members: ReadonlyArray<{ team: Team; score: number }>): { blue: number; orange: number } {
  let blue = 0;
  let orange = 0;
  for (const m of members) {
    if (m.team === 'blue') blue += m.score;
    else orange += m.score;
  }
  return { blue, orange };
}

/** How a finished challenge ended for one member, in the words of their notification (issue 13). */
export function challengeOutcome(result: { team: Team; winner: Team | null; scores: { blue: number; orange: number }; challengeType: 'sparks' | 'banners' }): string {
  const unit = result.challengeType === 'sparks' ? 'Sparks' : 'Banners';
  const score = `${result.scores.blue} ${unit} (blue) to ${result.scores.orange} (orange)`;
  if (result.winner === null) return `a tie, ${score}.`;
  return result.winner === result.team ? `your team won, ${score}.` : `the ${result.winner} team won, ${score}.`;
}

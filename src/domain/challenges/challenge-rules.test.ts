import { describe, expect, it } from 'vitest';
import {
  challengeAccess,
  challengeOutcome,
  challengeWindow,
  daysLeft,
  decideJoin,
  earnedInWindow,
  hasEnded,
  isDueForCompletion,
  isRecent,
  rankMembers,
  teamScores,
  teamToJoin,
  winnerFromScores,
} from './challenge-rules';

const at = (iso: string) => new Date(iso);

describe('Accept joins the smaller team (blue if equal or smaller)', () => {
  it.each([
    [{ blue: 0, orange: 0 }, 'blue'],
    [{ blue: 1, orange: 1 }, 'blue'],
    [{ blue: 1, orange: 0 }, 'orange'],
    [{ blue: 0, orange: 1 }, 'blue'],
    [{ blue: 5, orange: 6 }, 'blue'],
    [{ blue: 6, orange: 5 }, 'orange'],
  ] as const)('%j joins %s', (counts, team) => {
    expect(teamToJoin(counts)).toBe(team);
  });
});

describe('The higher team wins; a tie has no winner', () => {
  it.each([
    [{ blue: 3, orange: 1 }, 'blue'],
    [{ blue: 1, orange: 3 }, 'orange'],
    [{ blue: 2, orange: 2 }, null],
    [{ blue: 0, orange: 0 }, null],
  ] as const)('%j: %s', (scores, winner) => {
    expect(winnerFromScores(scores)).toBe(winner);
  });
});

describe("Each team's score is the points earned between start and end", () => {
  const w = challengeWindow(at('2030-01-01T00:00:00Z'), 3);
  it('ends duration days after the start', () => {
    expect(w.end.toISOString()).toBe('2030-01-04T00:00:00.000Z');
  });
  it.each([
    ['2029-12-31T23:59:59.999Z', false],
    ['2030-01-01T00:00:00.000Z', true],
    ['2030-01-02T12:00:00.000Z', true],
    ['2030-01-03T23:59:59.999Z', true],
    ['2030-01-04T00:00:00.000Z', false],
  ])('earned at %s counts: %s', (when, counts) => {
    expect(earnedInWindow(at(when), w)).toBe(counts);
  });
  it.each([
    [[], { blue: 0, orange: 0 }],
    [[{ team: 'blue', score: 2 }, { team: 'orange', score: 1 }, { team: 'blue', score: 3 }], { blue: 5, orange: 1 }],
  ] as const)('team totals of %j', (members, totals) => {
    expect(teamScores(members)).toEqual(totals);
  });
});

describe('A challenge completes when its end date passes', () => {
  const end = at('2030-01-10T00:00:00Z');
  it.each([
    ['active', '2030-01-09T23:59:59Z', false, false],
    ['active', '2030-01-10T00:00:00Z', true, true],
    ['active', '2030-02-01T00:00:00Z', true, true],
    ['completed', '2030-01-11T00:00:00Z', false, true],
    ['completed', '2030-01-05T00:00:00Z', false, true],
  ] as const)('%s at %s: due %s, ended %s', (status, now, due, ended) => {
    expect(isDueForCompletion({ status, endDate: end }, at(now))).toBe(due);
    expect(hasEnded({ status, endDate: end }, at(now))).toBe(ended);
  });
  it.each([
    ['2030-01-09T00:00:00Z', 1],
    ['2030-01-08T23:00:00Z', 2],
    ['2030-01-10T00:00:00Z', 0],
    ['2030-01-12T00:00:00Z', 0],
  ])('days left at %s: %i', (now, days) => {
    expect(daysLeft(end, at(now))).toBe(days);
  });
});

describe('The recent list covers the last 30 days', () => {
  it.each([
    ['completed', '2030-01-10T00:00:00Z', '2030-01-20T00:00:00Z', true],
    ['completed', '2030-01-10T00:00:00Z', '2030-02-09T00:00:00Z', false],
    ['completed', '2030-01-10T00:00:00Z', '2030-02-08T23:59:00Z', true],
    ['active', '2030-01-10T00:00:00Z', '2030-01-05T00:00:00Z', false],
  ] as const)('%s, ended %s, seen at %s: %s', (status, end, now, recent) => {
    expect(isRecent({ status, endDate: at(end) }, at(now))).toBe(recent);
  });
});

describe('Challenge access: its members, plus users invited to it', () => {
  it.each([
    [{ isMember: true, isInvited: false }, 'member'],
    [{ isMember: true, isInvited: true }, 'member'],
    [{ isMember: false, isInvited: true }, 'invitation'],
    [{ isMember: false, isInvited: false }, 'denied'],
  ])('%j: %s', (viewer, access) => {
    expect(challengeAccess(viewer)).toBe(access);
  });
});

describe('Join or leave only while active; at most 12 members', () => {
  const base = { status: 'active' as const, endDate: at('2030-01-10T00:00:00Z'), now: at('2030-01-05T00:00:00Z'), isMember: false, isInvited: true, counts: { blue: 1, orange: 0 } };
  it.each([
    ['invited, active, seats free: joins the smaller team', {}, { ok: true, team: 'orange' }],
    ['a tie goes to blue', { counts: { blue: 3, orange: 3 } }, { ok: true, team: 'blue' }],
    ['already a member', { isMember: true }, { ok: false, reason: 'already_member' }],
    ['not invited', { isInvited: false }, { ok: false, reason: 'not_invited' }],
    ['completed', { status: 'completed' as const }, { ok: false, reason: 'ended' }],
    ['end date passed, not yet swept', { now: at('2030-01-10T00:00:00Z') }, { ok: false, reason: 'ended' }],
    ['12 members already', { counts: { blue: 6, orange: 6 } }, { ok: false, reason: 'full' }],
    ['11 members: the 12th may join', { counts: { blue: 6, orange: 5 } }, { ok: true, team: 'orange' }],
  ])('%s', (_name, change, decision) => {
    expect(decideJoin({ ...base, ...change })).toEqual(decision);
  });
});

describe('The individual ranking: highest score first, equal scores share a rank', () => {
  it.each([
    [[], []],
    [
      [
        { userId: 'a', name: 'Ann', score: 1 },
        { userId: 'b', name: 'Ben', score: 3 },
        { userId: 'c', name: 'Cy', score: 3 },
        { userId: 'd', name: 'Di', score: 0 },
      ],
      [
        ['b', 1],
        ['c', 1],
        ['a', 3],
        ['d', 4],
      ],
    ],
  ] as const)('%j', (members, expected) => {
    expect(rankMembers(members).map((m) => [m.userId, m.rank])).toEqual(expected);
  });
});

describe('challengeOutcome: the words of a challenge result', () => {
  it.each([
    [{ team: 'blue', winner: 'blue', scores: { blue: 12, orange: 7 }, challengeType: 'sparks' }, 'your team won, 12 Sparks (blue) to 7 (orange).'],
    [{ team: 'orange', winner: 'blue', scores: { blue: 12, orange: 7 }, challengeType: 'sparks' }, 'the blue team won, 12 Sparks (blue) to 7 (orange).'],
    [{ team: 'orange', winner: 'orange', scores: { blue: 1, orange: 3 }, challengeType: 'banners' }, 'your team won, 1 Banners (blue) to 3 (orange).'],
    [{ team: 'blue', winner: null, scores: { blue: 4, orange: 4 }, challengeType: 'sparks' }, 'a tie, 4 Sparks (blue) to 4 (orange).'],
  ] as const)('%j', (result, words) => {
    expect(challengeOutcome(result)).toBe(words);
  });
});

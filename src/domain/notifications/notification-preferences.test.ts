import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS } from './notifications';
import { DIGESTIBLE_KINDS, GROUPED_KINDS, NOTIFICATION_KIND_LABELS, UNGROUPED_KINDS, allPreferences, defaultPreference, effectivePreference } from './notification-preferences';

describe('notification preferences', () => {
  it('puts every kind in exactly one group of the settings page, with a label', () => {
    expect(UNGROUPED_KINDS).toEqual([]);
    expect(new Set(GROUPED_KINDS).size).toBe(GROUPED_KINDS.length);
    expect(GROUPED_KINDS.length).toBe(NOTIFICATION_KINDS.length);
    for (const kind of NOTIFICATION_KINDS) expect(NOTIFICATION_KIND_LABELS[kind]).toMatch(/\S/);
  });

  it.each([
    ['caucus_full', { email: true, push: true, cadence: 'immediate' }],
    ['vote_missing', { email: true, push: true, cadence: 'immediate' }],
    ['private_message', { email: true, push: true, cadence: 'immediate' }],
    ['caucus_joined', { email: true, push: true, cadence: 'daily' }],
    ['badge_earned', { email: true, push: true, cadence: 'weekly' }],
    ['reward_available', { email: true, push: true, cadence: 'weekly' }],
  ] as const)('default for %s', (kind, expected) => {
    expect(defaultPreference(kind)).toEqual(expected);
  });

  it.each([
    ['badge_earned', { email: false }, { email: false, push: true, cadence: 'weekly' }],
    ['badge_earned', { cadence: 'immediate' }, { email: true, push: true, cadence: 'immediate' }],
    ['debate_reply', { cadence: 'daily', push: false }, { email: true, push: false, cadence: 'daily' }],
    // An election never waits for a digest, whatever is stored.
    ['vote_reminder', { cadence: 'weekly' }, { email: true, push: true, cadence: 'immediate' }],
    ['caucus_invitation', { email: false, cadence: 'daily' }, { email: false, push: true, cadence: 'immediate' }],
    ['friend_request', undefined, { email: true, push: true, cadence: 'immediate' }],
  ] as const)('effective preference of %s with %j', (kind, stored, expected) => {
    expect(effectivePreference(kind, stored)).toEqual(expected);
  });

  it('lists every kind once, stored choices applied', () => {
    const list = allPreferences(new Map([['friend_request', { email: false }]]));
    expect(list.map((p) => p.kind).sort()).toEqual([...NOTIFICATION_KINDS].sort());
    expect(list.find((p) => p.kind === 'friend_request')).toEqual({ kind: 'friend_request', email: false, push: true, cadence: 'immediate' });
  });

  it('lets only low-priority kinds wait', () => {
    for (const kind of ['caucus_full', 'vote_missing', 'election_finalized', 'private_message', 'caucus_invitation'] as const) expect(DIGESTIBLE_KINDS.has(kind)).toBe(false);
  });
});

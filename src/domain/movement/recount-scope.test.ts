import { describe, expect, it } from 'vitest';
import { ADDED_SINCE_MARGIN_MS, recountScope, WHOLE_RECOUNT_AT_LEAST_EVERY_MS, type RecountFacts } from './recount-scope';

const now = new Date('2026-11-29T12:00:00Z');
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
/** The job, a minute after a recount, 30 minutes after a whole one, with only joins since. */
const joinsOnly: RecountFacts = {
  onlyIfChanged: true,
  now,
  lastRecountAt: minutesAgo(1),
  lastWholeAt: minutesAgo(30),
  changes: '1500',
  lastChanges: '1000',
  removals: '40',
  lastRemovals: '40',
};

describe('recountScope (decision 069)', () => {
  const since = new Date(minutesAgo(1).getTime() - ADDED_SINCE_MARGIN_MS);
  it.each<[string, Partial<RecountFacts>, ReturnType<typeof recountScope>]>([
    ['only memberships added: the days from the last recount on, less the margin', {}, { kind: 'since', since }],
    ['nothing written since: skip', { changes: '1000' }, { kind: 'skip' }],
    ['a membership left or changed, or a caucus went: everything', { removals: '41' }, { kind: 'whole' }],
    ['not the job (start-up, the seed, a test): everything', { onlyIfChanged: false }, { kind: 'whole' }],
    ['never recounted: everything', { lastRecountAt: null }, { kind: 'whole' }],
    ['no whole recount on record (the row before decision 069): everything', { lastWholeAt: null }, { kind: 'whole' }],
    ['the last whole recount an hour ago: everything, even in a quiet minute', { lastWholeAt: minutesAgo(60), changes: '1000' }, { kind: 'whole' }],
    ['just under the hour: the days only', { lastWholeAt: new Date(now.getTime() - WHOLE_RECOUNT_AT_LEAST_EVERY_MS + 1) }, { kind: 'since', since }],
    ['counters lost (0): everything', { changes: '0', lastChanges: '0' }, { kind: 'whole' }],
    ['no counts kept at the last recount: everything', { lastChanges: null }, { kind: 'whole' }],
    ['no removals kept at the last recount: everything', { lastRemovals: null }, { kind: 'whole' }],
  ])('%s', (_, change, expected) => {
    expect(recountScope({ ...joinsOnly, ...change })).toEqual(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { checkElectionRecord, describeRecordEntry, GENESIS_HASH, recordEntryText, recordToCsv, sha256Hex, type ElectionRecordFile, type RecordEntry } from './election-record';

const CAUCUS = '7d0c8f0e-1111-4222-8333-944455556666';
type Step = Pick<RecordEntry, 'kind' | 'actor' | 'subject' | 'detail'>;

/** Builds a valid chain from steps, as the database would. */
async function chain(steps: Step[]): Promise<RecordEntry[]> {
  const out: RecordEntry[] = [];
  let prev = GENESIS_HASH;
  for (const [i, s] of steps.entries()) {
    const e = { ...s, seq: i + 1, occurredAt: `2026-11-25T12:00:0${i % 10}.000Z`, prevHash: prev };
    const hash = await sha256Hex(recordEntryText(CAUCUS, e));
    out.push({ ...e, hash });
    prev = hash;
  }
  return out;
}

const step = (kind: Step['kind'], actor: string | null, subject: string | null = null, detail: string | null = null): Step => ({ kind, actor, subject, detail });
const caucus = (delegate: string | null): ElectionRecordFile['caucus'] => ({
  id: CAUCUS,
  name: 'Riverside Three',
  level: 1,
  state: 'OH',
  district: 3,
  finalizedAt: delegate ? '2026-11-25T12:00:09.000Z' : null,
  delegate: delegate ? { ref: delegate } : null,
  requiredVotingMembers: 3,
});
const election = [
  step('created', 'V-a', null, '1'),
  step('joined', 'V-a'),
  step('joined', 'V-b'),
  step('joined', 'V-c'),
  step('vote', 'V-a', 'V-b'),
  step('vote', 'V-b', 'V-b'),
  step('vote', 'V-c', 'V-a'),
  step('vote', 'V-c', 'V-b'),
  step('finalized', null, 'V-b', '3'),
];

describe('sha256Hex', () => {
  it('is SHA-256 in hex', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('checkElectionRecord', () => {
  it('holds for an untouched record whose votes elect the stated Delegate', async () => {
    const check = await checkElectionRecord({ caucus: caucus('V-b'), entries: await chain(election) }, sha256Hex);
    expect(check).toMatchObject({ ok: true, entries: 9, result: { delegate: 'V-b', finalizedFor: 'V-b', members: 3, holds: true } });
  });

  it('holds for an open election and says how far it got', async () => {
    const check = await checkElectionRecord({ caucus: caucus(null), entries: await chain(election.slice(0, 6)) }, sha256Hex);
    expect(check).toMatchObject({ ok: true, result: { holds: true, summary: 'The election is open: 2 of 3 voting members have voted.' } });
  });

  it.each([
    ['a changed vote', (es: RecordEntry[]) => (es[6] = { ...es[6]!, subject: 'V-c' }), 7, 'entry 7 was changed: its contents do not match its hash'],
    ['a changed time', (es: RecordEntry[]) => (es[2] = { ...es[2]!, occurredAt: '2026-11-25T13:00:00.000Z' }), 3, 'entry 3 was changed: its contents do not match its hash'],
    ['a removed entry', (es: RecordEntry[]) => es.splice(3, 1), 4, 'entry 4 has sequence number 5: an entry is missing or out of order'],
    [
      'an entry rewritten with its own hash recomputed',
      async (es: RecordEntry[]) => {
        const e = { ...es[4]!, subject: 'V-c' };
        es[4] = { ...e, hash: await sha256Hex(recordEntryText(CAUCUS, e)) };
      },
      6,
      'entry 6 does not follow entry 5: its previous hash differs',
    ],
  ])('names where the chain breaks after %s', async (_what, tamper, brokenAt, problem) => {
    const entries = await chain(election);
    await tamper(entries);
    expect(await checkElectionRecord({ caucus: caucus('V-b'), entries }, sha256Hex)).toMatchObject({ ok: false, brokenAt, problem });
  });

  it('refuses a finalization the votes do not support, though the chain itself is intact', async () => {
    const steps = [...election.slice(0, 7), step('finalized', null, 'V-b', '3')];
    expect(await checkElectionRecord({ caucus: caucus('V-b'), entries: await chain(steps) }, sha256Hex)).toMatchObject({
      ok: false,
      brokenAt: 8,
      problem: 'The record finalizes the election for V-b, but its votes do not all name that person.',
    });
  });

  it('refuses a caucus that names another Delegate than its record', async () => {
    expect(await checkElectionRecord({ caucus: caucus('V-a'), entries: await chain(election) }, sha256Hex)).toMatchObject({
      ok: false,
      problem: 'The caucus names V-a as its Delegate, but the record finalizes for V-b.',
    });
  });

  it('replays a leave: the leaver’s vote and the votes for them no longer count', async () => {
    const steps = [...election.slice(0, 7), step('left', 'V-a'), step('joined', 'V-d'), step('vote', 'V-d', 'V-b'), step('vote', 'V-c', 'V-b'), step('finalized', null, 'V-b', '3')];
    expect(await checkElectionRecord({ caucus: caucus('V-b'), entries: await chain(steps) }, sha256Hex)).toMatchObject({ ok: true, result: { members: 3, delegate: 'V-b' } });
    const withoutRevote = [...election.slice(0, 7), step('left', 'V-a'), step('joined', 'V-d'), step('vote', 'V-d', 'V-b'), step('finalized', null, 'V-b', '3')];
    expect(await checkElectionRecord({ caucus: caucus('V-b'), entries: await chain(withoutRevote) }, sha256Hex)).toMatchObject({ ok: false });
  });

  it('refuses a finalization with fewer members than required', async () => {
    const steps = [step('created', 'V-a', null, '1'), step('joined', 'V-a'), step('vote', 'V-a', 'V-a'), step('finalized', null, 'V-a', '3')];
    expect(await checkElectionRecord({ caucus: caucus('V-a'), entries: await chain(steps) }, sha256Hex)).toMatchObject({
      ok: false,
      problem: 'The record finalizes the election with 1 voting members of the 3 required.',
    });
  });
});

describe('recordToCsv and describeRecordEntry', () => {
  it('writes one quoted line per entry, formulas defused', async () => {
    const entries = (await chain(election.slice(0, 2))).map((e) => ({ ...e, actorName: e.seq === 2 ? '=HYPERLINK("x")' : 'Ann, Lee', subjectName: null }));
    const csv = recordToCsv({ format: 'caucus-election-record/1', caucus: caucus(null), entries });
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('seq,kind,actor,actor_name,subject,subject_name,detail,occurred_at,prev_hash,hash');
    expect(lines[1]).toContain('1,created,V-a,"Ann, Lee",,,1,');
    expect(lines[2]).toContain(`2,joined,V-a,"'=HYPERLINK(""x"")",,`);
  });

  it.each([
    [step('created', 'V-a', null, '2'), 'Caucus created at level 2'],
    [step('joined', 'V-a'), 'V-a joined as a voting member'],
    [step('left', 'V-a'), 'V-a left'],
    [step('verified', 'V-a'), 'V-a verified their identity'],
    [step('vote', 'V-a', 'V-b'), 'V-a voted for V-b'],
    [step('vote', 'V-a', null), "V-a's vote was withdrawn"],
    [step('finalized', null, 'V-b', '10'), 'Election finalized: V-b is the Delegate'],
  ])('%o reads "%s"', (s, words) => {
    expect(describeRecordEntry({ ...s, seq: 1, occurredAt: '', prevHash: '', hash: '' })).toBe(words);
  });
});

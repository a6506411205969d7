import { describe, expect, it } from 'vitest';
import {
  BROADCAST_MESSAGES,
  audienceLabel,
  broadcastScopesFor,
  constituencyLabel,
  decideBroadcastTarget,
  sendBroadcastSchema,
  type BroadcastSender,
  type Constituency,
} from './broadcasts';
import { MESSAGE_ERRORS } from './messages';

const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? null : r.error!.issues[0]!.message);

describe('broadcast input (spec section 5: state for state or district scope, district 1 to the state’s count)', () => {
  it.each<[string, unknown, string | null]>([
    ['to everyone', { message: 'Hi all', scope: 'everyone' }, null],
    ['to a state', { message: 'Hi', scope: 'state', state: 'TX' }, null],
    ['to a district', { message: 'Hi', scope: 'district', state: 'TX', district: 38 }, null],
    ['to a district given as text (a form field)', { message: 'Hi', scope: 'district', state: 'TX', district: '7' }, null],
    ['to constituents', { message: 'Hi', scope: 'constituents' }, null],
    ['no scope', { message: 'Hi' }, BROADCAST_MESSAGES.scopeRequired],
    ['an unknown scope', { message: 'Hi', scope: 'galaxy' }, BROADCAST_MESSAGES.scopeRequired],
    ['a state scope without a state', { message: 'Hi', scope: 'state' }, BROADCAST_MESSAGES.stateRequired],
    ['a state scope with an empty state', { message: 'Hi', scope: 'state', state: '' }, BROADCAST_MESSAGES.stateRequired],
    ['a state scope with an unknown state', { message: 'Hi', scope: 'state', state: 'XX' }, BROADCAST_MESSAGES.stateRequired],
    ['a district scope without a state', { message: 'Hi', scope: 'district', district: 3 }, BROADCAST_MESSAGES.stateRequired],
    ['a district scope without a district', { message: 'Hi', scope: 'district', state: 'TX' }, BROADCAST_MESSAGES.districtRequired],
    ['a district beyond the state’s count', { message: 'Hi', scope: 'district', state: 'TX', district: 39 }, BROADCAST_MESSAGES.districtRange('TX')],
    ['district 2 of an at-large state', { message: 'Hi', scope: 'district', state: 'WY', district: 2 }, BROADCAST_MESSAGES.districtRange('WY')],
    ['district 0', { message: 'Hi', scope: 'district', state: 'OH', district: 0 }, BROADCAST_MESSAGES.districtRange('OH')],
    ['district 1.5', { message: 'Hi', scope: 'district', state: 'OH', district: 1.5 }, BROADCAST_MESSAGES.districtRange('OH')],
    ['an empty message', { message: '   ', scope: 'everyone' }, MESSAGE_ERRORS.empty],
    ['a message of 2,001 characters', { message: 'x'.repeat(2001), scope: 'everyone' }, MESSAGE_ERRORS.tooLong],
  ])('%s', (_name, input, message) => {
    expect(first(sendBroadcastSchema.safeParse(input))).toBe(message);
  });

  it('names the state’s count in the range message', () => {
    expect(BROADCAST_MESSAGES.districtRange('TX')).toBe('District must be between 1 and 38 for Texas.');
  });
});

const level = (n: number): Constituency => ({ caucusId: `caucus-${n}`, caucusName: `Level ${n} caucus`, level: n, state: 'OH', district: 3 });
const admin: BroadcastSender = { isAdministrator: true, constituency: null };
const voter: BroadcastSender = { isAdministrator: false, constituency: null };
const delegate = (n: number): BroadcastSender => ({ isAdministrator: false, constituency: level(n) });

describe('who may broadcast, and where (spec section 6)', () => {
  it.each<[string, BroadcastSender, string[]]>([
    ['a voter: nobody', voter, []],
    ['an administrator: everyone, a state, a district', admin, ['everyone', 'state', 'district']],
    ['a delegate: their constituents', delegate(1), ['constituents']],
    ['an administrator who is also a delegate: all four', { isAdministrator: true, constituency: level(2) }, ['everyone', 'state', 'district', 'constituents']],
  ])('%s', (_name, sender, scopes) => {
    expect(broadcastScopesFor(sender)).toEqual(scopes);
  });

  it.each<[string, Parameters<typeof decideBroadcastTarget>[0], BroadcastSender, ReturnType<typeof decideBroadcastTarget>]>([
    ['an administrator to everyone', { scope: 'everyone' }, admin, { ok: true, target: { scope: 'everyone', targetState: null, targetDistrict: null, caucusId: null, level: null } }],
    ['an administrator to a state', { scope: 'state', state: 'TX' }, admin, { ok: true, target: { scope: 'state', targetState: 'TX', targetDistrict: null, caucusId: null, level: null } }],
    ['an administrator to a district', { scope: 'district', state: 'TX', district: 7 }, admin, { ok: true, target: { scope: 'district', targetState: 'TX', targetDistrict: 7, caucusId: null, level: null } }],
    ['an administrator to constituents they do not have', { scope: 'constituents' }, admin, { ok: false, message: BROADCAST_MESSAGES.delegatesOnly }],
    ['a voter to everyone', { scope: 'everyone' }, voter, { ok: false, message: BROADCAST_MESSAGES.notAllowed }],
    ['a voter to constituents', { scope: 'constituents' }, voter, { ok: false, message: BROADCAST_MESSAGES.notAllowed }],
    ['a delegate to a state', { scope: 'state', state: 'OH' }, delegate(1), { ok: false, message: BROADCAST_MESSAGES.adminsOnly }],
    ['a delegate to everyone', { scope: 'everyone' }, delegate(3), { ok: false, message: BROADCAST_MESSAGES.adminsOnly }],
    [
      'a level-1 delegate to constituents: their caucus’s tree',
      { scope: 'constituents' },
      delegate(1),
      { ok: true, target: { scope: 'constituents', targetState: 'OH', targetDistrict: 3, caucusId: 'caucus-1', level: 1 } },
    ],
    [
      'a level-4 delegate to constituents: their caucus’s tree',
      { scope: 'constituents' },
      delegate(4),
      { ok: true, target: { scope: 'constituents', targetState: 'OH', targetDistrict: 3, caucusId: 'caucus-4', level: 4 } },
    ],
    [
      'the Candidate (level 5) to constituents: the whole district',
      { scope: 'constituents' },
      delegate(5),
      { ok: true, target: { scope: 'district', targetState: 'OH', targetDistrict: 3, caucusId: null, level: 5 } },
    ],
  ])('%s', (_name, input, sender, expected) => {
    expect(decideBroadcastTarget(input, sender)).toEqual(expected);
  });
});

describe('labels', () => {
  it.each<[Parameters<typeof audienceLabel>[0], string]>([
    [{ scope: 'everyone', targetState: null, targetDistrict: null, level: null }, 'Everyone'],
    [{ scope: 'state', targetState: 'TX', targetDistrict: null, level: null }, 'Texas'],
    [{ scope: 'district', targetState: 'TX', targetDistrict: 7, level: null }, 'District TX-7'],
    [{ scope: 'district', targetState: 'WY', targetDistrict: 1, level: null }, 'District WY-AL'],
    [{ scope: 'district', targetState: 'OH', targetDistrict: 3, level: 5 }, 'District OH-3 (from its Candidate)'],
    [{ scope: 'constituents', targetState: 'OH', targetDistrict: 3, level: 2 }, 'Constituents of a Level 2 Delegate in OH-3'],
  ])('%j reads %s', (b, label) => {
    expect(audienceLabel(b)).toBe(label);
  });

  it.each([
    [level(1), 'Your constituents: every voter beneath Level 1 caucus (Level 1)'],
    [level(5), 'Your whole district, OH-3 (as its Candidate)'],
  ])('constituency %#', (c, label) => {
    expect(constituencyLabel(c)).toBe(label);
  });
});

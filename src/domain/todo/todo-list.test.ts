import { describe, expect, it } from 'vitest';
import { todoListFor, todoListKind, todoShownKey, type TodoFacts } from './todo-list';

const none: TodoFacts = {
  sparks: 0,
  banners: 0,
  rewardClaims: 0,
  votingMemberships: 0,
  hasFriendBadge: false,
  inCaucusWithElectedDelegate: false,
  isElectedDelegate: false,
  organizedCaucuses: 0,
  votingMemberAboveLevel1: false,
};
const facts = (f: Partial<TodoFacts>): TodoFacts => ({ ...none, ...f });
const doneKeys = (f: Partial<TodoFacts>) => todoListFor(facts(f))?.items.filter((i) => i.done).map((i) => i.key);

describe('which To-Do list applies', () => {
  it.each([
    [{}, 'newcomer'],
    [{ votingMemberships: 1, sparks: 5, organizedCaucuses: 2 }, 'newcomer'],
    [{ votingMemberships: 1, inCaucusWithElectedDelegate: true }, 'member'],
    [{ isElectedDelegate: true }, 'delegate'],
    // A delegate is also a member of the caucus that elected them: the delegate list wins.
    [{ isElectedDelegate: true, inCaucusWithElectedDelegate: true }, 'delegate'],
  ] as Array<[Partial<TodoFacts>, string]>)('%j -> %s', (f, kind) => {
    expect(todoListKind(facts(f))).toBe(kind);
    expect(todoListFor(facts(f))?.kind).toBe(kind);
  });
});

describe('list 1, the newcomer: items and their exact conditions', () => {
  it('has the five items in order, with links to /rewards and /my-caucuses', () => {
    const list = todoListFor(none)!;
    expect(list.items.map((i) => [i.key, i.link?.to ?? null])).toEqual([
      ['claim_welcome', '/rewards'],
      ['join_caucus', null],
      ['fill_caucus', null],
      ['first_spark', null],
      ['elect_delegate', '/my-caucuses'],
    ]);
    expect(list.items[0]!.label).toContain('$100 Hotel Savings Card');
    expect(list.items[3]!.label).toContain('$100 restaurant voucher');
  });

  it.each([
    [{}, []],
    [{ rewardClaims: 1 }, ['claim_welcome']],
    [{ votingMemberships: 1 }, ['join_caucus']],
    [{ hasFriendBadge: true }, ['fill_caucus']],
    [{ sparks: 1 }, ['first_spark']],
    [{ organizedCaucuses: 3, banners: 0 }, []],
    [{ rewardClaims: 2, votingMemberships: 1, hasFriendBadge: true, sparks: 4 }, ['claim_welcome', 'join_caucus', 'fill_caucus', 'first_spark']],
  ] as Array<[Partial<TodoFacts>, string[]]>)('%j checks %j', (f, done) => {
    expect(doneKeys(f)).toEqual(done);
  });
});

describe('list 2, member of a caucus with an elected delegate', () => {
  const member = { votingMemberships: 1, inCaucusWithElectedDelegate: true };

  it.each([
    [{}, []],
    [{ sparks: 9 }, []],
    [{ sparks: 10 }, ['ten_sparks']],
    [{ organizedCaucuses: 1 }, ['organize_caucus']],
    [{ banners: 1 }, ['guide_caucus']],
    [{ sparks: 12, organizedCaucuses: 1 }, ['ten_sparks', 'organize_caucus']],
  ] as Array<[Partial<TodoFacts>, string[]]>)('%j checks %j', (f, done) => {
    expect(todoListFor(facts({ ...member, ...f }))?.items.map((i) => i.key)).toEqual(['ten_sparks', 'organize_caucus', 'guide_caucus']);
    expect(doneKeys({ ...member, ...f })).toEqual(done);
  });

  it('is hidden once all are done: no list applies', () => {
    expect(todoListFor(facts({ ...member, sparks: 10, organizedCaucuses: 1, banners: 1 }))).toBeNull();
  });
});

describe('list 3, elected delegate', () => {
  const delegate = { votingMemberships: 1, inCaucusWithElectedDelegate: true, isElectedDelegate: true };

  it.each([
    [{}, []],
    [{ votingMemberAboveLevel1: true }, ['level_two']],
    [{ sparks: 10 }, ['keep_recruiting']],
    // "create another Level 1 caucus as Organizer" is checked when the organized count is above 1.
    [{ organizedCaucuses: 1 }, []],
    [{ organizedCaucuses: 2 }, ['organize_another']],
    [{ banners: 1 }, ['guide_another']],
  ] as Array<[Partial<TodoFacts>, string[]]>)('%j checks %j', (f, done) => {
    expect(doneKeys({ ...delegate, ...f })).toEqual(done);
  });

  it('stays shown when all are done (only list 2 hides itself)', () => {
    const list = todoListFor(facts({ ...delegate, votingMemberAboveLevel1: true, sparks: 10, organizedCaucuses: 2, banners: 1 }));
    expect(list?.items.every((i) => i.done)).toBe(true);
  });
});

describe('once per browser session per user', () => {
  it('keys the session storage by user id', () => {
    expect(todoShownKey('u1')).not.toBe(todoShownKey('u2'));
    expect(todoShownKey('u1')).toContain('u1');
  });
});

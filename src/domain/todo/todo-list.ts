/**
 * The To-Do List dialog (spec section 2): after sign-in on /home, one of three checklists,
 * chosen and checked from a few facts about the user; none when no list applies.
 *   1. Newcomer: no caucus of theirs has elected a Delegate yet.
 *   2. Member of a caucus with an elected Delegate, who is not a Delegate: hidden once all done.
 *   3. Elected Delegate.
 */
import type { TodoItem, TodoList, TodoListKind } from './todo-answer';

/** What the server knows about the user, read in one query (GET /api/todo). */
export interface TodoFacts {
  sparks: number;
  banners: number;
  /** Reward claims of the user (any reward). */
  rewardClaims: number;
  /** Caucuses in which the user is a voting member. */
  votingMemberships: number;
  hasFriendBadge: boolean;
  /** A voting member of a caucus whose election is finalized (it has an elected Delegate). */
  inCaucusWithElectedDelegate: boolean;
  /** The elected Delegate of a finalized caucus. */
  isElectedDelegate: boolean;
  /** Caucuses the user organizes. */
  organizedCaucuses: number;
  /** A voting member of a caucus at level 2 or above. */
  votingMemberAboveLevel1: boolean;
}

export const TODO_TEXT = {
  title: 'To-Do List',
  subtitle: 'Complete these tasks to get the most out of the Graduated Unanimous Caucus.',
  gotIt: 'Got it!',
} as const;

const REWARDS_LINK = { to: '/rewards', label: 'Go to Rewards' } as const;
const CAUCUSES_LINK = { to: '/my-caucuses', label: 'Go to My Caucuses' } as const;

const item = (key: string, label: string, done: boolean, link: TodoItem['link'] = null): TodoItem => ({ key, label, done, link });

export function todoListKind(f: TodoFacts): TodoListKind {
  if (f.isElectedDelegate) return 'delegate';
  if (f.inCaucusWithElectedDelegate) return 'member';
  return 'newcomer';
}

/** The checklist that applies to the user, or null when none does (list 2 all done). */
export function todoListFor(f: TodoFacts): TodoList | null {
  const kind = todoListKind(f);
  if (kind === 'newcomer') {
    return {
      kind,
      items: [
        item('claim_welcome', 'Claim your $100 Hotel Savings Card on the Rewards page', f.rewardClaims > 0, REWARDS_LINK),
        item('join_caucus', 'Join or create a caucus as a voting member', f.votingMemberships > 0),
        item('fill_caucus', 'Invite people until your caucus has 10 members', f.hasFriendBadge),
        item('first_spark', 'Share your referral link to earn your first Spark, the Friend badge and a $100 restaurant voucher', f.sparks > 0),
        item('elect_delegate', 'Engage with your caucus to vote and unanimously elect a Delegate', f.inCaucusWithElectedDelegate, CAUCUSES_LINK),
      ],
    };
  }
  if (kind === 'member') {
    const items = [
      item('ten_sparks', 'Share your referral link to earn 10 Sparks and the Believer badge ($200 restaurant voucher)', f.sparks >= 10),
      item('organize_caucus', 'Create a new caucus as an Organizer (not voting)', f.organizedCaucuses >= 1, CAUCUSES_LINK),
      item('guide_caucus', 'Guide it to a platform and a Delegate for 1 Banner and the Lieutenant badge (another $200 restaurant voucher)', f.banners >= 1),
    ];
    return items.every((i) => i.done) ? null : { kind, items };
  }
  return {
    kind,
    items: [
      item('level_two', 'Create or join a Level 2 caucus to represent your Level 1 caucus', f.votingMemberAboveLevel1, CAUCUSES_LINK),
      item('keep_recruiting', 'Keep recruiting: 10 Sparks earn the Believer badge', f.sparks >= 10),
      item('organize_another', 'Create another Level 1 caucus as an Organizer', f.organizedCaucuses > 1),
      item('guide_another', 'Guide it to elect a Delegate for 1 Banner and the Lieutenant badge', f.banners >= 1),
    ],
  };
}

/** The browser-session key that says the dialog was shown to this user (once per session per user). */
export const todoShownKey = (userId: string) => `caucus.todo-shown.${userId}`;

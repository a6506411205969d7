import { z } from 'zod';

/** Spec section 9: the friend search shows 10 results, debounced 300 ms. */
export const FRIEND_SEARCH_LIMIT = 10;
export const FRIEND_SEARCH_DEBOUNCE_MS = 300;
/** How many friends the Friends page lists (by name). */
export const FRIENDS_LIST_LIMIT = 500;
/** How many pending requests of each direction the Friends page lists (newest first). */
export const FRIEND_REQUESTS_LIST_LIMIT = 100;

/** The spec's catalogue ('Failed to send friend request.' is the toast title) and clear texts where it is silent. */
export const FRIEND_MESSAGES = {
  sendFailed: 'Failed to send friend request.',
  respondFailed: 'Failed to respond to friend request.',
  chooseSomeone: 'Choose someone to send a friend request to.',
  notYourself: 'You cannot send a friend request to yourself.',
  userNotFound: 'User not found',
  alreadyFriends: 'You are already friends.',
  alreadyRequested: 'You already sent a friend request to this person.',
  requestNotFound: 'Friend request not found',
  notYourRequest: 'Only the person who received this friend request can answer it.',
  alreadyAnswered: (status: string) => `This friend request has already been ${status}.`,
  answerRequired: 'Answer with "accepted" or "declined".',
} as const;

export const sendFriendRequestSchema = z.object({
  userId: z.uuid({ error: FRIEND_MESSAGES.chooseSomeone }),
});

export const respondFriendRequestSchema = z.object({
  response: z.enum(['accepted', 'declined'], { error: FRIEND_MESSAGES.answerRequired }),
});

/** What stands between two people when one sends the other a friend request. */
export interface PairState {
  self: boolean;
  friends: boolean;
  /** A pending request from the sender to the other. */
  pendingFromSender: boolean;
  /** A pending request from the other to the sender. */
  pendingFromOther: boolean;
}

export type FriendRequestDecision =
  | { action: 'create' }
  /** The other already asked: their request is accepted instead of making a second one. */
  | { action: 'accept_theirs' }
  | { action: 'refuse'; status: 400 | 409; code: string; message: string };

/**
 * Sending a friend request (spec section 4: pending, then accepted or declined). No request
 * to oneself; no second request in either direction: when the other person already asked,
 * asking back accepts their request, so two people asking each other at the same moment end
 * as one friendship.
 */
export function decideFriendRequest(s: PairState): FriendRequestDecision {
  if (s.self) return { action: 'refuse', status: 400, code: 'self_request', message: FRIEND_MESSAGES.notYourself };
  if (s.friends) return { action: 'refuse', status: 409, code: 'already_friends', message: FRIEND_MESSAGES.alreadyFriends };
  if (s.pendingFromOther) return { action: 'accept_theirs' };
  if (s.pendingFromSender) return { action: 'refuse', status: 409, code: 'already_requested', message: FRIEND_MESSAGES.alreadyRequested };
  return { action: 'create' };
}

/** A friendship is stored once, the smaller id first. */
export function friendshipPair(a: string, b: string): { user1Id: string; user2Id: string } {
  return a < b ? { user1Id: a, user2Id: b } : { user1Id: b, user2Id: a };
}

import { z } from 'zod';

/**
 * The answers of the friends, messages and broadcasts API, shared by the server and the web app
 * (issue 17): the schemas are what /api/openapi.json documents and what the integration tests
 * check answers against; the types are inferred from them (one source).
 */

/** A person as the social pages show them (a hidden profile reads 'Former member', no photo). */
export const socialPersonSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    photoUrl: z.string().nullable(),
    state: z.string(),
    district: z.number().int(),
  })
  .meta({ id: 'SocialPerson' });
export type SocialPerson = z.infer<typeof socialPersonSchema>;

/** How the viewer stands with someone found by the friend search. */
export const FRIEND_RELATIONS = ['none', 'friend', 'request_sent', 'request_received'] as const;
export type FriendRelation = (typeof FRIEND_RELATIONS)[number];

export const friendSearchResultSchema = socialPersonSchema.extend({
  relation: z.enum(FRIEND_RELATIONS),
  /** The pending request between the two, when there is one. */
  requestId: z.string().nullable(),
});
export type FriendSearchResult = z.infer<typeof friendSearchResultSchema>;

export const friendViewSchema = socialPersonSchema
  .extend({
    /** When the friendship began. */
    since: z.string(),
  })
  .meta({ id: 'Friend' });
export type FriendView = z.infer<typeof friendViewSchema>;

export const friendRequestViewSchema = z
  .object({
    id: z.string(),
    /** The other person: the requester for a received request, the requestee for a sent one. */
    person: socialPersonSchema,
    createdAt: z.string(),
  })
  .meta({ id: 'FriendRequest' });
export type FriendRequestView = z.infer<typeof friendRequestViewSchema>;

export const friendsOverviewSchema = z.object({
  friends: z.array(friendViewSchema),
  received: z.array(friendRequestViewSchema),
  sent: z.array(friendRequestViewSchema),
});
export type FriendsOverview = z.infer<typeof friendsOverviewSchema>;

/** What POST /api/friends/requests did: a new pending request, or the other's pending request accepted. */
export const sendFriendRequestResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('pending'), request: friendRequestViewSchema }),
  z.object({ status: z.literal('accepted'), friend: friendViewSchema }),
]);
export type SendFriendRequestResult = z.infer<typeof sendFriendRequestResultSchema>;

/** What answering a friend request did: the new friend when accepted, null when declined. */
export const friendRequestAnswerSchema = z.object({
  status: z.enum(['accepted', 'declined']),
  friend: friendViewSchema.nullable(),
});
export type FriendRequestAnswer = z.infer<typeof friendRequestAnswerSchema>;

export const privateMessageViewSchema = z
  .object({
    id: z.string(),
    senderId: z.string(),
    recipientId: z.string(),
    message: z.string(),
    createdAt: z.string(),
    readAt: z.string().nullable(),
    /** Hidden pending review (issue 14): its sender still reads it; the recipient gets an empty message. */
    hidden: z.boolean(),
  })
  .meta({ id: 'PrivateMessage' });
export type PrivateMessageView = z.infer<typeof privateMessageViewSchema>;

export const conversationSummarySchema = z.object({
  partner: socialPersonSchema,
  /** The newest message of the conversation (its text cut to a preview). */
  lastMessage: privateMessageViewSchema,
  /** Unread messages from the partner, counted up to UNREAD_COUNT_CAP. */
  unreadCount: z.number().int(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const conversationListSchema = z.object({
  conversations: z.array(conversationSummarySchema),
  /** Pass as `before` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ConversationList = z.infer<typeof conversationListSchema>;

export const conversationThreadSchema = z.object({
  partner: socialPersonSchema,
  /** Oldest first. */
  messages: z.array(privateMessageViewSchema),
  /** There are older messages: ask again with `before` = the id of the oldest shown. */
  hasMore: z.boolean(),
});
export type ConversationThread = z.infer<typeof conversationThreadSchema>;

/** What marking a conversation read did: how many messages it marked. */
export const conversationReadSchema = z.object({ marked: z.number().int() });
export type ConversationRead = z.infer<typeof conversationReadSchema>;

/** The unread private messages of the navbar's badge, counted up to UNREAD_COUNT_CAP. */
export const unreadCountSchema = z.object({ count: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** The live stream's events (GET /api/messages/stream). */
export const messageStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), message: privateMessageViewSchema }),
  z.object({ type: z.literal('read'), partnerId: z.string() }),
  /** A notification for the user was written (src/domain/notifications): reload the count. */
  z.object({ type: z.literal('notification') }),
]);
export type MessageStreamEvent = z.infer<typeof messageStreamEventSchema>;

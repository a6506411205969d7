/** The answers of the friends, messages and broadcasts API, shared by the server and the web app. */

/** A person as the social pages show them (a hidden profile reads 'Former member', no photo). */
export interface SocialPerson {
  id: string;
  name: string;
  photoUrl: string | null;
  state: string;
  district: number;
}

/** How the viewer stands with someone found by the friend search. */
export type FriendRelation = 'none' | 'friend' | 'request_sent' | 'request_received';

export interface FriendSearchResult extends SocialPerson {
  relation: FriendRelation;
  /** The pending request between the two, when there is one. */
  requestId: string | null;
}

export interface FriendView extends SocialPerson {
  /** When the friendship began. */
  since: string;
}

export interface FriendRequestView {
  id: string;
  /** The other person: the requester for a received request, the requestee for a sent one. */
  person: SocialPerson;
  createdAt: string;
}

export interface FriendsOverview {
  friends: FriendView[];
  received: FriendRequestView[];
  sent: FriendRequestView[];
}

/** What POST /api/friends/requests did: a new pending request, or the other's pending request accepted. */
export type SendFriendRequestResult =
  | { status: 'pending'; request: FriendRequestView }
  | { status: 'accepted'; friend: FriendView };

export interface PrivateMessageView {
  id: string;
  senderId: string;
  recipientId: string;
  message: string;
  createdAt: string;
  readAt: string | null;
  /** Hidden pending review (issue 14): its sender still reads it; the recipient gets an empty message. */
  hidden: boolean;
}

export interface ConversationSummary {
  partner: SocialPerson;
  /** The newest message of the conversation (its text cut to a preview). */
  lastMessage: PrivateMessageView;
  /** Unread messages from the partner, counted up to UNREAD_COUNT_CAP. */
  unreadCount: number;
}

export interface ConversationList {
  conversations: ConversationSummary[];
  /** Pass as `before` for the next page; null on the last page. */
  nextCursor: string | null;
}

export interface ConversationThread {
  partner: SocialPerson;
  /** Oldest first. */
  messages: PrivateMessageView[];
  /** There are older messages: ask again with `before` = the id of the oldest shown. */
  hasMore: boolean;
}

/** The live stream's events (GET /api/messages/stream). */
export type MessageStreamEvent =
  | { type: 'message'; message: PrivateMessageView }
  | { type: 'read'; partnerId: string }
  /** A notification for the user was written (src/domain/notifications): reload the count. */
  | { type: 'notification' };

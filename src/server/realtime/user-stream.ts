/**
 * Each signed-in user's one live stream (GET /api/messages/stream, decision 013): what a
 * writer publishes on it, keyed by the user's id, with `notifyQuery` inside its transaction.
 * Private messages and reads (the messages feature) and notifications (issue 13) share it, so
 * a page keeps a single EventSource open.
 */
export const USER_STREAM_CHANNEL = 'private_messages';

/** What a note on the user's stream carries: ids only (each process reads the row once). */
export type UserStreamNote =
  | { kind: 'message'; messageId: string }
  | { kind: 'read'; partnerId: string }
  /** A notification for the user: the page reloads its count and list. */
  | { kind: 'notification' };

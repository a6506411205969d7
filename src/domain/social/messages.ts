import { z } from 'zod';
import { multiLineText } from '../text/text-schema';

/** A private message or a broadcast holds at most this many characters (after trimming). */
export const PRIVATE_MESSAGE_MAX = 2000;
/** Conversations per page of the list, newest first. */
export const CONVERSATIONS_PAGE_SIZE = 30;
/** Messages per page of a conversation, newest first (shown oldest first). */
export const THREAD_PAGE_SIZE = 50;
/** The list shows this much of a conversation's last message. */
export const MESSAGE_PREVIEW_LENGTH = 140;

export const MESSAGE_ERRORS = {
  sendFailed: 'Failed to send message.',
  empty: 'Message cannot be empty',
  tooLong: `Messages can be at most ${PRIVATE_MESSAGE_MAX.toLocaleString('en-US')} characters`,
  recipientRequired: 'Please choose a recipient.',
  recipientNotFound: 'Recipient not found',
  notYourself: 'You cannot send a message to yourself.',
  userNotFound: 'User not found',
  badCursor: 'That page of messages does not exist.',
} as const;

/** Trimmed, not empty, not longer than PRIVATE_MESSAGE_MAX (spec section 5). */
export const messageText = multiLineText({ error: MESSAGE_ERRORS.empty })
  .trim()
  .min(1, MESSAGE_ERRORS.empty)
  .max(PRIVATE_MESSAGE_MAX, MESSAGE_ERRORS.tooLong);

export const sendPrivateMessageSchema = z.object({
  recipientId: z.uuid({ error: MESSAGE_ERRORS.recipientRequired }),
  message: messageText,
});
export type SendPrivateMessageInput = z.infer<typeof sendPrivateMessageSchema>;

/**
 * The cursor of the conversation list: the last shown conversation's time (an ISO text with
 * the database's microseconds, so no row shares a cursor by rounding) and partner.
 */
export function conversationCursor(lastMessageAt: string, partnerId: string): string {
  return `${lastMessageAt}_${partnerId}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z$/;

/** The cursor back into its parts, or null when it is not one. */
export function parseConversationCursor(cursor: string): { at: string; partnerId: string } | null {
  const cut = cursor.lastIndexOf('_');
  if (cut < 1) return null;
  const at = cursor.slice(0, cut);
  const partnerId = cursor.slice(cut + 1);
  if (!ISO_TIME.test(at) || Number.isNaN(new Date(at).getTime()) || !UUID.test(partnerId)) return null;
  return { at, partnerId };
}

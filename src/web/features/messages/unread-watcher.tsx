import { useEffect } from 'react';
import { useNotificationCount } from '../notifications/notification-queries';
import { POLL_WHEN_OFFLINE_MS, useUnreadCount } from './message-queries';
import { useMessageStream, useMessageStreamState } from './use-message-stream';

/**
 * The signed-in user's unread private messages and notifications for the navbar: opens the
 * app's one live stream, and polls the counts only while that stream is down. 0 for a visitor.
 */
export function useUnreadCounts(userId: string | null): { messages: number; notifications: number } {
  useMessageStream(userId);
  const state = useMessageStreamState();
  const pollMs = state === 'live' ? false : POLL_WHEN_OFFLINE_MS;
  const messages = useUnreadCount(!!userId, pollMs);
  const notifications = useNotificationCount(!!userId, pollMs);
  return userId ? { messages: messages.data ?? 0, notifications: notifications.data ?? 0 } : { messages: 0, notifications: 0 };
}

/**
 * The navbar's unread counts for a signed-in user, as a component the navbar loads when someone
 * is signed in (a visitor's first load does without this code): reports each count.
 */
export default function UnreadWatcher({
  userId,
  onMessageCount,
  onNotificationCount,
}: {
  userId: string;
  onMessageCount: (count: number) => void;
  onNotificationCount: (count: number) => void;
}) {
  const { messages, notifications } = useUnreadCounts(userId);
  useEffect(() => onMessageCount(messages), [messages, onMessageCount]);
  useEffect(() => onNotificationCount(notifications), [notifications, onNotificationCount]);
  return null;
}

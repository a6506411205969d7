import { useEffect } from 'react';
import { POLL_WHEN_OFFLINE_MS, useUnreadCount } from './message-queries';
import { useMessageStream, useMessageStreamState } from './use-message-stream';

/**
 * The signed-in user's unread private messages for the navbar: opens the app's one live
 * message stream, and polls the count only while that stream is down. 0 for a visitor.
 */
export function useUnreadMessages(userId: string | null): number {
  useMessageStream(userId);
  const state = useMessageStreamState();
  const count = useUnreadCount(!!userId, state === 'live' ? false : POLL_WHEN_OFFLINE_MS);
  return userId ? (count.data ?? 0) : 0;
}

/**
 * The navbar's unread count for a signed-in user, as a component the navbar loads when someone
 * is signed in (a visitor's first load does without the message code): reports the count.
 */
export default function UnreadWatcher({ userId, onCount }: { userId: string; onCount: (count: number) => void }) {
  const count = useUnreadMessages(userId);
  useEffect(() => onCount(count), [count, onCount]);
  return null;
}

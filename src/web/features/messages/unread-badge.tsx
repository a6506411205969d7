import { unreadLabel } from '../../../domain/social/messages';
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

/** "3 unread messages" as a small orange count (nothing at 0). */
export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="ml-1 inline-flex min-w-5 items-center justify-center rounded-full bg-accent-700 px-1.5 text-xs leading-5 font-semibold text-white" data-testid="unread-badge">
      {unreadLabel(count)}
      <span className="sr-only"> unread {count === 1 ? 'message' : 'messages'}</span>
    </span>
  );
}

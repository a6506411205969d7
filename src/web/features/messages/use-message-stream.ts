import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { reopenStreamDelayMs } from '../../api/stream-reopen';
import type { MessageStreamEvent } from '../../../domain/social/social-types';
import { NOTIFICATIONS_KEY } from '../notifications/notification-queries';
import { CONVERSATIONS_KEY, MESSAGES_KEY, UNREAD_KEY, appendToThread, threadKey } from './message-queries';

export type StreamState = 'connecting' | 'live' | 'down';

/** The state of the one stream of the page, for whoever wants to know (the Messages page polls while it is down). */
let current: StreamState = 'connecting';
const listeners = new Set<() => void>();
function setStreamState(next: StreamState) {
  if (next === current) return;
  current = next;
  for (const l of listeners) l();
}
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function useMessageStreamState(): StreamState {
  return useSyncExternalStore(subscribe, () => current);
}

/**
 * The signed-in user's live private messages and notifications: one EventSource for the whole
 * app (the navbar opens it), feeding TanStack Query's cache. A message lands in its
 * conversation at once and the unread count and conversation list reload; a `notification`
 * reloads the notifications and their count; `ready` and `resync` reload everything of
 * messages and notifications, so nothing sent while disconnected is missed.
 */
export function useMessageStream(userId: string | null) {
  const queryClient = useQueryClient();
  const [attempt, setAttempt] = useState(0);
  // Refusals in a row (e.g. the server at its cap of open streams): each waits longer.
  const refusals = useRef(0);

  useEffect(() => {
    if (!userId) return;
    if (typeof EventSource === 'undefined') {
      setStreamState('down');
      return;
    }
    setStreamState('connecting');
    const reloadNotifications = () => void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    const reloadAll = () => {
      void queryClient.invalidateQueries({ queryKey: MESSAGES_KEY });
      reloadNotifications();
    };
    const source = new EventSource('/api/messages/stream');
    let reopen: ReturnType<typeof setTimeout> | undefined;

    source.addEventListener('ready', () => {
      refusals.current = 0;
      setStreamState('live');
      reloadAll();
    });
    source.addEventListener('resync', reloadAll);
    const onEvent = (event: MessageEvent<string>) => {
      let data: MessageStreamEvent;
      try {
        data = JSON.parse(event.data) as MessageStreamEvent;
      } catch {
        reloadAll();
        return;
      }
      if (data.type === 'message') {
        const partnerId = data.message.senderId === userId ? data.message.recipientId : data.message.senderId;
        appendToThread(queryClient, partnerId, data.message);
      } else if (data.type === 'read') {
        void queryClient.invalidateQueries({ queryKey: threadKey(data.partnerId) });
      }
      void queryClient.invalidateQueries({ queryKey: UNREAD_KEY });
      void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
    };
    source.addEventListener('message', onEvent);
    source.addEventListener('read', onEvent);
    // Its data ({"type":"notification"}) says nothing more than that one arrived.
    source.addEventListener('notification', reloadNotifications);
    source.onerror = () => {
      // The browser reconnects by itself (CONNECTING); after an HTTP error it gives up (CLOSED).
      if (source.readyState === EventSource.CLOSED) {
        setStreamState('down');
        refusals.current += 1;
        reopen = setTimeout(() => setAttempt((n) => n + 1), reopenStreamDelayMs(refusals.current));
      } else {
        setStreamState('connecting');
      }
    };
    return () => {
      clearTimeout(reopen);
      source.close();
    };
  }, [userId, queryClient, attempt]);
}

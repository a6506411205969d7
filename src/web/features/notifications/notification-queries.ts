import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPage } from '../../../domain/notifications/notifications';
import { api } from '../../api/http';

/** Everything of notifications: the live stream invalidates this when one arrives. */
export const NOTIFICATIONS_KEY = ['notifications'] as const;
export const NOTIFICATION_LIST_KEY = ['notifications', 'list'] as const;
export const NOTIFICATION_COUNT_KEY = ['notifications', 'unread-count'] as const;

/** The viewer's notifications, newest first, a page (NOTIFICATION_PAGE_SIZE) at a time. */
export function useNotifications() {
  return useInfiniteQuery({
    queryKey: NOTIFICATION_LIST_KEY,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => api<NotificationPage>(`/api/notifications${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** How many notifications are unread (the navbar's bell); `pollMs` while the live stream is down. */
export function useNotificationCount(enabled: boolean, pollMs: number | false = false) {
  return useQuery({
    queryKey: NOTIFICATION_COUNT_KEY,
    queryFn: ({ signal }) => api<{ count: number }>('/api/notifications/unread-count', { signal }),
    enabled,
    refetchInterval: pollMs,
    select: (d) => d.count,
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ ok: true }>(`/api/notifications/${encodeURIComponent(id)}/read`, { method: 'POST', json: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ updated: number }>('/api/notifications/read-all', { method: 'POST', json: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

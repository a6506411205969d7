import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MarkedAllRead, MarkedRead, NotificationKind, NotificationPage, UnreadNotificationCount } from '../../../domain/notifications/notifications';
import type { NotificationPreference, NotificationSettings, NotificationSettingView, UnsubscribeAnswer } from '../../../domain/notifications/notification-preferences';
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
    queryFn: ({ signal }) => api<UnreadNotificationCount>('/api/notifications/unread-count', { signal }),
    enabled,
    refetchInterval: pollMs,
    select: (d) => d.count,
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<MarkedRead>(`/api/notifications/${encodeURIComponent(id)}/read`, { method: 'POST', json: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<MarkedAllRead>('/api/notifications/read-all', { method: 'POST', json: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

export const NOTIFICATION_SETTINGS_KEY = ['notification-settings'] as const;

export function useNotificationSettings() {
  return useQuery({
    queryKey: NOTIFICATION_SETTINGS_KEY,
    queryFn: ({ signal }) => api<NotificationSettings>('/api/notification-settings', { signal }),
    select: (d) => d.items,
  });
}

/** Saves one kind's choice; the list shows it at once and goes back if the save fails. */
export function useSaveNotificationSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, ...preference }: { kind: NotificationKind } & NotificationPreference) =>
      api<NotificationSettingView>(`/api/notification-settings/${encodeURIComponent(kind)}`, { method: 'PUT', json: preference }),
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: NOTIFICATION_SETTINGS_KEY });
      const before = queryClient.getQueryData<NotificationSettings>(NOTIFICATION_SETTINGS_KEY);
      if (before) queryClient.setQueryData(NOTIFICATION_SETTINGS_KEY, { items: before.items.map((i) => (i.kind === next.kind ? { ...i, ...next } : i)) });
      return { before };
    },
    onError: (_e, _next, context) => {
      if (context?.before) queryClient.setQueryData(NOTIFICATION_SETTINGS_KEY, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATION_SETTINGS_KEY }),
  });
}

/** What an unsubscribe link stops (GET /api/unsubscribe/:token). */
export function useUnsubscribeLink(token: string) {
  return useQuery({
    queryKey: ['unsubscribe', token],
    queryFn: ({ signal }) => api<UnsubscribeAnswer>(`/api/unsubscribe/${encodeURIComponent(token)}`, { signal }),
    retry: false,
  });
}

/** The one-click unsubscribe, as a mail client would POST it. */
export function useUnsubscribe(token: string) {
  return useMutation({
    mutationFn: () => api<UnsubscribeAnswer>(`/unsubscribe/${encodeURIComponent(token)}`, { method: 'POST', json: {} }),
  });
}

import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { BroadcastList, BroadcastView, SendBroadcastInput } from '../../../domain/social/broadcasts';
import type { SendPrivateMessageInput } from '../../../domain/social/messages';
import type { ConversationList, ConversationRead, ConversationThread, PrivateMessageView, UnreadCount } from '../../../domain/social/social-types';
import { api } from '../../api/http';

export const MESSAGES_KEY = ['messages'] as const;
export const UNREAD_KEY = ['messages', 'unread'] as const;
export const CONVERSATIONS_KEY = ['messages', 'conversations'] as const;
export const threadKey = (partnerId: string) => ['messages', 'thread', partnerId] as const;
export const BROADCASTS_KEY = ['broadcasts'] as const;

/** While the live stream is down, lists are reloaded this often. */
export const POLL_WHEN_OFFLINE_MS = 15_000;

export function useUnreadCount(enabled: boolean, pollMs: number | false) {
  return useQuery({
    queryKey: UNREAD_KEY,
    queryFn: ({ signal }) => api<UnreadCount>('/api/messages/unread-count', { signal }),
    enabled,
    refetchInterval: pollMs,
    select: (d) => d.count,
  });
}

export function useConversations(pollMs: number | false) {
  return useInfiniteQuery({
    queryKey: CONVERSATIONS_KEY,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api<ConversationList>(`/api/messages/conversations${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: pollMs,
  });
}

/** One conversation; page 0 holds the newest messages, each later page older ones (each page oldest first). */
export function useThread(partnerId: string, pollMs: number | false) {
  return useInfiniteQuery({
    queryKey: threadKey(partnerId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api<ConversationThread>(`/api/messages/conversations/${encodeURIComponent(partnerId)}${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    getNextPageParam: (last) => (last.hasMore && last.messages[0] ? last.messages[0].id : null),
    refetchInterval: pollMs,
  });
}

/** Adds a message to the newest page of its conversation, if that conversation is loaded and lacks it. */
export function appendToThread(queryClient: QueryClient, partnerId: string, message: PrivateMessageView) {
  queryClient.setQueryData<InfiniteData<ConversationThread, string | null>>(threadKey(partnerId), (data) => {
    if (!data || data.pages.length === 0) return data;
    if (data.pages.some((p) => p.messages.some((m) => m.id === message.id))) return data;
    const [newest, ...older] = data.pages;
    return { ...data, pages: [{ ...newest!, messages: [...newest!.messages, message] }, ...older] };
  });
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendPrivateMessageInput) => api<PrivateMessageView>('/api/messages', { method: 'POST', json: input }),
    onSuccess: (message) => {
      appendToThread(queryClient, message.recipientId, message);
      void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
    },
  });
}

export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (partnerId: string) => api<ConversationRead>(`/api/messages/conversations/${encodeURIComponent(partnerId)}/read`, { method: 'POST' }),
    onSuccess: ({ marked }, partnerId) => {
      if (marked === 0) return;
      void queryClient.invalidateQueries({ queryKey: UNREAD_KEY });
      void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
      void queryClient.invalidateQueries({ queryKey: threadKey(partnerId) });
    },
  });
}

export function useBroadcasts(pollMs: number | false = false) {
  return useQuery({ queryKey: BROADCASTS_KEY, queryFn: ({ signal }) => api<BroadcastList>('/api/broadcasts', { signal }), refetchInterval: pollMs });
}

export function useSendBroadcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendBroadcastInput) => api<BroadcastView>('/api/broadcasts', { method: 'POST', json: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BROADCASTS_KEY }),
  });
}

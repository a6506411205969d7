import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FriendRequestAnswer, FriendSearchResult, FriendsOverview, SendFriendRequestResult } from '../../../domain/social/social-types';
import { api } from '../../api/http';

export const FRIENDS_KEY = ['friends'] as const;
const searchKey = (term: string) => ['friends', 'search', term] as const;

/** Friends, requests received and requests sent. */
export function useFriends() {
  return useQuery({ queryKey: FRIENDS_KEY, queryFn: ({ signal }) => api<FriendsOverview>('/api/friends', { signal }) });
}

/** People by name (10, prefix matches first), with how the viewer stands with each; off below 2 characters. */
export function usePeopleSearch(term: string) {
  return useQuery({
    queryKey: searchKey(term),
    queryFn: ({ signal }) => api<FriendSearchResult[]>(`/api/friends/search?q=${encodeURIComponent(term)}`, { signal }),
    enabled: term.length >= 2,
    staleTime: 10_000,
  });
}

export function useSendFriendRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api<SendFriendRequestResult>('/api/friends/requests', { method: 'POST', json: { userId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: FRIENDS_KEY }),
  });
}

export function useRespondToFriendRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, response }: { requestId: string; response: 'accepted' | 'declined'; name: string }) =>
      api<FriendRequestAnswer>(`/api/friends/requests/${encodeURIComponent(requestId)}/respond`, {
        method: 'POST',
        json: { response },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: FRIENDS_KEY }),
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChallengeAccepted,
  ChallengeCreated,
  ChallengeDeclined,
  ChallengeLeft,
  ChallengeLists,
  ChallengeView,
  CreateChallengeInput,
} from '../../../domain/challenges/challenge-schemas';
import { api } from '../../api/http';

export const CHALLENGES_KEY = ['challenges'] as const;
const LISTS_KEY = ['challenges', 'lists'] as const;
export const challengeKey = (id: string) => ['challenges', 'one', id] as const;
export const challengeChatKey = (id: string) => ['challenges', 'chat', id] as const;

/** While a challenge is open, its scores reload this often (Sparks and Banners are not streamed). */
const SCORES_REFRESH_MS = 30_000;

/** The viewer's ongoing and recent challenges and open invitations. */
export function useMyChallenges() {
  return useQuery({ queryKey: LISTS_KEY, queryFn: ({ signal }) => api<ChallengeLists>('/api/challenges', { signal }) });
}

/** /challenge/{id}: the member view, the invitation view, or an ApiError (403 Access Denied). */
export function useChallenge(id: string) {
  return useQuery({
    queryKey: challengeKey(id),
    queryFn: ({ signal }) => api<ChallengeView>(`/api/challenges/${encodeURIComponent(id)}`, { signal }),
    refetchInterval: (query) => (query.state.data?.kind === 'member' && query.state.data.challenge.status === 'active' ? SCORES_REFRESH_MS : false),
    refetchOnWindowFocus: true,
  });
}

export function useCreateChallenge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateChallengeInput) => api<ChallengeCreated>('/api/challenges', { method: 'POST', json: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CHALLENGES_KEY }),
  });
}

function useChallengeAction<T>(action: 'accept' | 'decline' | 'leave') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<T>(`/api/challenges/${encodeURIComponent(id)}/${action}`, { method: 'POST', json: {} }),
    onSettled: (_data, _error, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: LISTS_KEY }),
        action === 'accept' ? queryClient.invalidateQueries({ queryKey: challengeKey(id) }) : queryClient.removeQueries({ queryKey: challengeKey(id) }),
      ]),
  });
}

export const useAcceptChallenge = () => useChallengeAction<ChallengeAccepted>('accept');
export const useDeclineChallenge = () => useChallengeAction<ChallengeDeclined>('decline');
export const useLeaveChallenge = () => useChallengeAction<ChallengeLeft>('leave');

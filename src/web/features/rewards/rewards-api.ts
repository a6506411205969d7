import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { ClaimAnswer, RewardsOverview } from '../../../domain/rewards/reward-catalogue';
import { ApiError, api } from '../../api/http';
import { TODO_KEY } from '../todo/todo-api';

export const REWARDS_KEY = ['rewards'] as const;

/** Every reward with its state for the signed-in member (GET /api/rewards). */
export function useRewards() {
  return useQuery({
    queryKey: REWARDS_KEY,
    queryFn: ({ signal }) => api<RewardsOverview>('/api/rewards', { signal }),
  });
}

/**
 * Claims a reward; the server sends the certificate by email. The answer's toast is the
 * spec's: 'Reward Claimed!' (the server's words), 'Already Claimed' (destructive) or 'Error' (destructive).
 */
export function useClaimReward() {
  const { t } = useTranslation('rewards');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => api<ClaimAnswer>(`/api/rewards/${encodeURIComponent(key)}/claim`, { method: 'POST', json: {} }),
    onSuccess: (answer) => {
      toast.success(answer.title, { description: answer.message });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'already_claimed') {
        toast.error(t('claim.alreadyClaimedTitle'), { description: t('claim.alreadyClaimed') });
      } else if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.code !== 'error') {
        // A refusal the server explains (not earned, not verified): its message says why.
        toast.error(t('claim.failedTitle'), { description: error.message });
      } else {
        toast.error(t('claim.failedTitle'), { description: t('claim.failed') });
      }
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: REWARDS_KEY });
      void queryClient.invalidateQueries({ queryKey: TODO_KEY });
    },
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BrownieGiven, BrownieToday } from '../../../domain/points/brownie-rules';
import { api } from '../../api/http';

export const brownieKeys = {
  today: (userId: string) => ['brownies', 'today', userId] as const,
};

/** Whether the signed-in user already gave today's brownie (the app's calendar day), and to whom. */
export function useBrownieToday(userId: string | undefined) {
  return useQuery({
    queryKey: brownieKeys.today(userId ?? ''),
    queryFn: ({ signal }) => api<BrownieToday>('/api/brownies/today', { signal }),
    enabled: !!userId,
    // The day may turn while the page is open: ask again now and then.
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
}

/**
 * Gives a brownie. Afterwards the button knows it was given today, and the receiver's figures
 * (profile, its badges and activities, the leaderboards) are read again.
 */
export function useGiveBrownie(giverId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (receiverId: string) => api<BrownieGiven>('/api/brownies', { method: 'POST', json: { receiverId } }),
    onSuccess: (given) => {
      queryClient.setQueryData<BrownieToday>(brownieKeys.today(giverId ?? ''), { givenOn: given.givenOn, given: true, receiverId: given.receiverId });
      void queryClient.invalidateQueries({ queryKey: ['profiles', given.receiverId] });
      void queryClient.invalidateQueries({ queryKey: ['leaderboards'] });
    },
    onError: () => {
      // Given from another tab, or the day changed: the server's answer is the truth.
      void queryClient.invalidateQueries({ queryKey: brownieKeys.today(giverId ?? '') });
    },
  });
}

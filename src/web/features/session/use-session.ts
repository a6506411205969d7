import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { OwnProfile } from '../../../domain/profiles/profile-types';
import { api } from '../../api/http';

export const SESSION_KEY = ['session', 'me'] as const;

/** The signed-in user's own profile, or null for a visitor. */
export function useSession() {
  const query = useQuery({
    queryKey: SESSION_KEY,
    queryFn: async () => (await api<{ user: OwnProfile | null }>('/api/session')).user,
    staleTime: 60_000,
  });
  return { user: query.data ?? null, isLoading: query.isLoading, error: query.error, refetch: query.refetch };
}

/** Signs out and lands on / even if the call fails (spec: sign-out clears the session anyway). */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await api('/api/auth/sign-out', { method: 'POST', json: {} });
    } catch {
      /* the user goes to / anyway */
    }
    // Leave the (possibly protected) page first, so its guard does not send us to /auth.
    navigate('/', { replace: true });
    sessionStorage.clear();
    queueMicrotask(() => {
      queryClient.setQueryData(SESSION_KEY, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
    });
  }, [navigate, queryClient]);
}

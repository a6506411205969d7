import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { SessionAnswer } from '../../../domain/api/app-answers';
import { api } from '../../api/http';

export const SESSION_KEY = ['session', 'me'] as const;

/** The signed-in user's own profile, or null for a visitor. */
export function useSession() {
  const query = useQuery({
    queryKey: SESSION_KEY,
    queryFn: async () => (await api<SessionAnswer>('/api/session')).user,
    staleTime: 60_000,
  });
  return { user: query.data ?? null, isLoading: query.isLoading, error: query.error, refetch: query.refetch };
}

/** Signs out and lands on / even if the call fails (spec: sign-out clears the session anyway). */
const FLASH_KEY = 'caucus.flash';

/** A toast to show after the next full page load (sign-out reloads the app). */
export interface Flash {
  title: string;
  description?: string;
}

/** Reads and forgets the toast left by the previous page, if any. */
export function takeFlash(): Flash | null {
  const raw = sessionStorage.getItem(FLASH_KEY);
  sessionStorage.removeItem(FLASH_KEY);
  try {
    return raw ? (JSON.parse(raw) as Flash) : null;
  } catch {
    return null;
  }
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useCallback(async (flash?: Flash) => {
    try {
      await api('/api/auth/sign-out', { method: 'POST', json: {} });
    } catch {
      /* the user goes to / anyway */
    }
    sessionStorage.clear();
    if (flash) sessionStorage.setItem(FLASH_KEY, JSON.stringify(flash));
    queryClient.clear();
    // A full load of / : nothing of the signed-in state survives, and no protected page's
    // guard gets the chance to send the visitor to /auth on the way out.
    window.location.replace('/');
  }, [queryClient]);
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeviceSession } from '../../../domain/accounts/devices';
import { api } from '../../api/http';

export const DEVICES_KEY = ['account', 'devices'] as const;

/** The person's live sessions (issue 32), this one marked. */
export function useDevices() {
  return useQuery({ queryKey: DEVICES_KEY, queryFn: ({ signal }) => api<DeviceSession[]>('/api/me/sessions', { signal }) });
}

export function useSignOutDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ signedOut: number }>(`/api/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: DEVICES_KEY }),
  });
}

export function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ signedOut: number }>('/api/me/sessions/sign-out-others', { method: 'POST', json: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: DEVICES_KEY }),
  });
}

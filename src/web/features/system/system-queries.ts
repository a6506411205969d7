import { useQuery } from '@tanstack/react-query';
import type { SystemStatus } from '../../../domain/operations/system-status';
import { api } from '../../api/http';

export const SYSTEM_STATUS_KEY = ['admin', 'system'] as const;

/** How often /admin/system asks for its figures again while it is open. */
export const SYSTEM_REFRESH_MS = 30_000;

/** GET /api/admin/system (administrators only): the figures /admin/system shows, every 30 s while the page is open. */
export function useSystemStatus(enabled = true) {
  return useQuery({
    queryKey: SYSTEM_STATUS_KEY,
    queryFn: ({ signal }) => api<SystemStatus>('/api/admin/system', { signal }),
    enabled,
    refetchInterval: SYSTEM_REFRESH_MS,
  });
}

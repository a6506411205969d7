import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ModerationActionInput, ReportItemKind } from '../../../domain/moderation/moderation-rules';
import type {
  AdminLogPage,
  BlockedPerson,
  BlockResult,
  LiftSuspensionResult,
  ModerationDecision,
  ModerationQueueItem,
  SuspensionResult,
  UnblockResult,
  UserStanding,
} from '../../../domain/moderation/moderation-types';
import { api } from '../../api/http';

export const BLOCKS_KEY = ['blocks'] as const;
export const MODERATION_KEY = ['admin', 'moderation'] as const;
export const ADMIN_LOG_KEY = ['admin', 'log'] as const;
export const STANDING_KEY = ['admin', 'standing'] as const;

/** The people the viewer blocked (Settings → Blocked people; the profile page's Block button). */
export function useBlocked(enabled = true) {
  return useQuery({ queryKey: BLOCKS_KEY, queryFn: ({ signal }) => api<BlockedPerson[]>('/api/blocks', { signal }), enabled });
}

export function useBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api<BlockResult>('/api/blocks', { method: 'POST', json: { userId } }),
    // Chats and conversations read differently once someone is blocked.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function useUnblock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api<UnblockResult>(`/api/blocks/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function useModerationQueue(enabled = true) {
  return useQuery({ queryKey: MODERATION_KEY, queryFn: ({ signal }) => api<ModerationQueueItem[]>('/api/admin/moderation', { signal }), enabled });
}

export function useModerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id, ...input }: ModerationActionInput & { kind: ReportItemKind; id: string }) =>
      api<ModerationDecision>(`/api/admin/moderation/${kind}/${encodeURIComponent(id)}`, { method: 'POST', json: input }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: MODERATION_KEY }), queryClient.invalidateQueries({ queryKey: ADMIN_LOG_KEY })]),
  });
}

/** A person's standing (suspended until when, administrator or not), for an administrator's view of their profile. */
export function useUserStanding(userId: string) {
  return useQuery({ queryKey: [...STANDING_KEY, userId], queryFn: ({ signal }) => api<UserStanding>(`/api/admin/users/${encodeURIComponent(userId)}/standing`, { signal }) });
}

/** What a suspension or its lifting changes: the queue's author lines, the admin log, the person's standing. */
const afterSuspension = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: MODERATION_KEY }),
    queryClient.invalidateQueries({ queryKey: ADMIN_LOG_KEY }),
    queryClient.invalidateQueries({ queryKey: STANDING_KEY }),
  ]);

export function useSuspendUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, days, reason }: { userId: string; days: number; reason: string }) =>
      api<SuspensionResult>(`/api/admin/users/${encodeURIComponent(userId)}/suspension`, { method: 'POST', json: { days, reason } }),
    onSuccess: () => afterSuspension(queryClient),
  });
}

export function useLiftSuspension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, reason }: { userId: string; reason: string }) =>
      api<LiftSuspensionResult>(`/api/admin/users/${encodeURIComponent(userId)}/suspension/lift`, { method: 'POST', json: { reason } }),
    onSuccess: () => afterSuspension(queryClient),
  });
}

export function useAdminLog(enabled = true) {
  return useInfiniteQuery({
    enabled,
    queryKey: ADMIN_LOG_KEY,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => api<AdminLogPage>(`/api/admin/log${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    getNextPageParam: (last) => last.nextCursor,
  });
}

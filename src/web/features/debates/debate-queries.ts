import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContributionKind, CreateDebateInput, VoteInput } from '../../../domain/debates/debate-rules';
import type { ContributionSubmitted, DebateDetail, DebateSummary, InvitationsSent, VoteResult } from '../../../domain/debates/debate-types';
import { api } from '../../api/http';

export const debateKeys = {
  list: ['debates', 'list'] as const,
  detail: (id: string) => ['debates', 'detail', id] as const,
};

/** Open debates, newest first. */
export function useDebates() {
  return useQuery({ queryKey: debateKeys.list, queryFn: ({ signal }) => api<DebateSummary[]>('/api/debates', { signal }) });
}

/** One debate with all its contributions and the viewer's own votes. */
export function useDebate(id: string) {
  return useQuery({ queryKey: debateKeys.detail(id), queryFn: ({ signal }) => api<DebateDetail>(`/api/debates/${encodeURIComponent(id)}`, { signal }) });
}

export function useCreateDebate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateDebateInput) => api<{ id: string }>('/api/debates', { method: 'POST', json: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: debateKeys.list }),
  });
}

export function useDeleteDebate(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ deleted: true }>(`/api/debates/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: debateKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: debateKeys.list });
    },
  });
}

export function useInviteFriends(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (friendIds: string[]) => api<InvitationsSent>(`/api/debates/${encodeURIComponent(id)}/invitations`, { method: 'POST', json: { friendIds } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: debateKeys.detail(id) }),
  });
}

/** Where a contribution of `kind` is posted (a rebuttal names its response, a defense its rebuttal). */
export function contributionPath(debateId: string, kind: ContributionKind, parentId?: string): string {
  const d = encodeURIComponent(debateId);
  if (kind === 'response') return `/api/debates/${d}/responses`;
  if (kind === 'rebuttal') return `/api/debates/${d}/responses/${encodeURIComponent(parentId ?? '')}/rebuttals`;
  return `/api/debates/${d}/rebuttals/${encodeURIComponent(parentId ?? '')}/defenses`;
}

export type SubmissionBody = { text: string } | { audio: Blob };

export function useSubmitContribution(debateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, parentId, body }: { kind: ContributionKind; parentId?: string; body: SubmissionBody }) => {
      const path = contributionPath(debateId, kind, parentId);
      if ('text' in body) return api<ContributionSubmitted>(path, { method: 'POST', json: { text: body.text } });
      const form = new FormData();
      form.append('audio', body.audio, `${kind}.webm`);
      return api<ContributionSubmitted>(path, { method: 'POST', formData: form });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: debateKeys.detail(debateId) });
      void queryClient.invalidateQueries({ queryKey: debateKeys.list });
    },
  });
}

export function useCastVote(debateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vote: VoteInput) => api<VoteResult>(`/api/debates/${encodeURIComponent(debateId)}/votes`, { method: 'POST', json: vote }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: debateKeys.detail(debateId) }),
  });
}

import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { ContributionKind, CreateDebateInput, VoteInput } from '../../../domain/debates/debate-rules';
import type {
  ContributionSubmitted,
  DebateCreated,
  DebateDeleted,
  DebateDetail,
  DebateSummary,
  InvitationsSent,
  VoteResult,
} from '../../../domain/debates/debate-types';
import { api } from '../../api/http';

export const debateKeys = {
  list: ['debates', 'list'] as const,
  detail: (id: string) => ['debates', 'detail', id] as const,
};

/** Open debates, newest first. */
export function useDebates() {
  return useQuery({ queryKey: debateKeys.list, queryFn: ({ signal }) => api<DebateSummary[]>('/api/debates', { signal }) });
}

/**
 * The loaded pages of a debate as one: the debate as its first page tells it, and the
 * responses of every page in order (newest first; a response seen twice is shown once).
 */
export function mergeDebatePages(data: InfiniteData<DebateDetail, string | null>): DebateDetail {
  const [first, ...older] = data.pages;
  const seen = new Set(first!.responses.map((r) => r.id));
  const responses = [...first!.responses];
  for (const page of older) {
    for (const r of page.responses) {
      if (!seen.has(r.id)) {
        seen.add(r.id);
        responses.push(r);
      }
    }
  }
  return { ...first!, responses, nextCursor: data.pages.at(-1)!.nextCursor };
}

/**
 * One debate with a page of responses (their rebuttals, defenses and the viewer's own votes);
 * `fetchNextPage` adds the next older page. Invalidating debateKeys.detail(id) reloads every
 * loaded page, each after the one before it.
 */
export function useDebate(id: string) {
  return useInfiniteQuery({
    queryKey: debateKeys.detail(id),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api<DebateDetail>(`/api/debates/${encodeURIComponent(id)}${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    getNextPageParam: (last) => last.nextCursor,
    select: mergeDebatePages,
  });
}

export function useCreateDebate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateDebateInput) => api<DebateCreated>('/api/debates', { method: 'POST', json: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: debateKeys.list }),
  });
}

export function useDeleteDebate(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<DebateDeleted>(`/api/debates/${encodeURIComponent(id)}`, { method: 'DELETE' }),
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

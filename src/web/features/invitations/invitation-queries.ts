import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyCaucus, RepresentationLink } from '../../../domain/caucuses/caucus-types';
import type { MyInvitations } from '../../../domain/caucuses/invitation-types';
import { api, apiOrConfirmation, type ConfirmationAnswer } from '../../api/http';

export const invitationKeys = {
  invitations: ['my', 'invitations'] as const,
  caucuses: ['my', 'caucuses'] as const,
  representation: ['my', 'representation'] as const,
};

export function useMyInvitations() {
  return useQuery({
    queryKey: invitationKeys.invitations,
    queryFn: ({ signal }) => api<MyInvitations>('/api/my/invitations', { signal }),
  });
}

export function useMyCaucuses() {
  return useQuery({
    queryKey: invitationKeys.caucuses,
    queryFn: ({ signal }) => api<MyCaucus[]>('/api/my/caucuses', { signal }),
  });
}

/** The signed-in voter's chain of representation (`enabled: false` while it is not wanted, as for a visitor). */
export function useRepresentation({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: invitationKeys.representation,
    queryFn: ({ signal }) => api<RepresentationLink[]>('/api/my/representation', { signal }),
    enabled,
  });
}

export type Answer = 'accepted' | 'declined';

export interface VoterAnswer {
  invitationId: string;
  response: Answer;
  password?: string;
  confirmLeave?: boolean;
}

/** What answering a voting invitation led to: done, or the server asks the user to confirm leaving a caucus. */
export type VoterAnswerOutcome = { kind: 'done'; response: Answer } | { kind: 'requires_confirmation'; message: string };

/** Answers a voting-member invitation; the server may ask the user to confirm leaving a caucus first. */
export function useRespondToVoterInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ invitationId, ...body }: VoterAnswer): Promise<VoterAnswerOutcome> => {
      const answer = await apiOrConfirmation<unknown>(`/api/voter-invitations/${encodeURIComponent(invitationId)}/respond`, { method: 'POST', json: body });
      if ((answer as { status?: string } | null)?.status === 'requires_confirmation') {
        return { kind: 'requires_confirmation', message: (answer as ConfirmationAnswer).message };
      }
      return { kind: 'done', response: body.response };
    },
    onSuccess: (outcome) => {
      if (outcome.kind !== 'done') return;
      for (const key of Object.values(invitationKeys)) void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

export function useRespondToOrganizerInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ invitationId, response }: { invitationId: string; response: Answer }) =>
      api(`/api/organizer-invitations/${encodeURIComponent(invitationId)}/respond`, { method: 'POST', json: { response } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: invitationKeys.invitations });
      void queryClient.invalidateQueries({ queryKey: invitationKeys.caucuses });
    },
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailChangeConfirmed, EmailChangeRequested, EmailChangeUndone, OwnEmail } from '../../../domain/accounts/email-change';
import { api } from '../../api/http';
import { SESSION_KEY } from '../session/use-session';

const OWN_EMAIL_KEY = ['account-email'] as const;

/** One's address and the change waiting for confirmation (issue 32). */
export function useOwnEmail() {
  return useQuery({ queryKey: OWN_EMAIL_KEY, queryFn: ({ signal }) => api<OwnEmail>('/api/me/email', { signal }) });
}

export function useRequestEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (newEmail: string) => api<EmailChangeRequested>('/api/me/email', { method: 'POST', json: { newEmail } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OWN_EMAIL_KEY }),
  });
}

export function useCancelEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ cancelled: true }>('/api/me/email/pending', { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OWN_EMAIL_KEY }),
  });
}

/** The confirmation link's button: the token is the authority (no session needed). */
export function useConfirmEmailChange(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<EmailChangeConfirmed>('/api/email-change/confirm', { method: 'POST', json: { token } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: OWN_EMAIL_KEY });
      await queryClient.invalidateQueries({ queryKey: SESSION_KEY });
    },
  });
}

/** "This wasn't me": every session ends, this browser's too. */
export function useUndoEmailChange(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<EmailChangeUndone>('/api/email-change/undo', { method: 'POST', json: { token } }),
    onSuccess: () => {
      queryClient.setQueryData(SESSION_KEY, null);
      queryClient.removeQueries({ queryKey: OWN_EMAIL_KEY });
    },
  });
}

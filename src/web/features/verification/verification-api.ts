import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { CheckoutRedirect, VerificationCheckResult, VerificationStatus } from '../../../domain/verification/verification-schemas';
import { ApiError, api } from '../../api/http';
import { SESSION_KEY } from '../session/use-session';

export const VERIFICATION_KEY = ['verification', 'status'] as const;

/** A step the provider may still be confirming (its webhook can arrive a moment after the redirect). */
const awaitingProvider = (s: VerificationStatus | undefined) => !!s && !s.verified && (s.payment === 'pending' || s.identity === 'pending');

/**
 * What the server has recorded: the only truth this page shows. With `poll`, it is re-asked
 * every 2 seconds while a step is pending (used for a short while after returning from the provider).
 */
export function useVerificationStatus(poll: boolean) {
  return useQuery({
    queryKey: VERIFICATION_KEY,
    queryFn: ({ signal }) => api<VerificationStatus>('/api/verification', { signal }),
    staleTime: 0,
    refetchInterval: (query) => (poll && awaitingProvider(query.state.data) ? 2000 : false),
  });
}

/** Sends the browser to the provider's hosted page (Stripe, or the local test mode). */
function goTo(url: string) {
  window.location.assign(url);
}

export function useStartPayment() {
  const { t } = useTranslation('verification');
  return useMutation({
    mutationFn: () => api<CheckoutRedirect>('/api/verification/payment', { method: 'POST', json: {} }),
    onSuccess: ({ url }) => goTo(url),
    onError: (error) => showError(error, t('toasts.errorTitle'), t('toasts.paymentFailed')),
  });
}

export function useStartIdentity() {
  const { t } = useTranslation('verification');
  return useMutation({
    mutationFn: (governmentId: string) => api<CheckoutRedirect>('/api/verification/identity', { method: 'POST', json: { governmentId } }),
    onSuccess: ({ url }) => goTo(url),
    // A bad ID is shown under the field by the caller; everything else is a toast.
    onError: (error) => {
      if (!(error instanceof ApiError && error.code === 'invalid_input')) showError(error, t('toasts.errorTitle'), t('toasts.identityFailed'));
    },
  });
}

/** "Check Status": the server asks the provider and answers; a newly verified user refreshes the session. */
export function useCheckStatus() {
  const { t } = useTranslation('verification');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<VerificationCheckResult>('/api/verification/check', { method: 'POST', json: {} }),
    onSuccess: (result) => {
      const { title: _title, message: _message, ...status } = result;
      queryClient.setQueryData<VerificationStatus>(VERIFICATION_KEY, status);
      if (result.verified) {
        toast.success(t('toasts.completeTitle'), { description: t('toasts.complete') });
        void queryClient.invalidateQueries({ queryKey: SESSION_KEY });
      } else {
        toast.warning(result.title, { description: result.message });
      }
    },
    onError: (error) => showError(error, t('toasts.checkFailedTitle'), t('toasts.checkFailed')),
  });
}

/**
 * The server's messages read "Title: description" (the spec's 'Verification Error: Failed to
 * start verification session.'); shown as a toast with that title and description.
 */
export function showError(error: unknown, fallbackTitle: string, fallbackDescription: string) {
  if (!(error instanceof ApiError)) {
    toast.error(fallbackTitle, { description: fallbackDescription });
    return;
  }
  const split = /^([^:]{3,40}): (.+)$/.exec(error.message);
  if (split) toast.error(split[1]!, { description: split[2] });
  else toast.error(error.title && error.title !== error.message ? error.title : fallbackTitle, { description: error.message });
}

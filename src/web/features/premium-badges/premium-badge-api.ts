import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { PremiumBadgeView } from '../../../domain/premium-badges/premium-badge-types';
import type { CheckoutRedirect } from '../../../domain/verification/verification-schemas';
import { ApiError, api } from '../../api/http';

export const premiumBadgeKey = (id: string) => ['premium-badges', id] as const;

/** Re-asked every this many ms while the page waits for the payment to be recorded. */
const POLL_MS = 2000;

/** The badge as the server has it for the viewer; with `waiting`, re-asked until it is owned. */
export function usePremiumBadge(id: string, waiting: boolean) {
  return useQuery({
    queryKey: premiumBadgeKey(id),
    queryFn: ({ signal }) => api<PremiumBadgeView>(`/api/premium-badges/${encodeURIComponent(id)}`, { signal }),
    staleTime: 0,
    retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    refetchInterval: (query) => (waiting && !query.state.data?.owned ? POLL_MS : false),
  });
}

/** Opens the provider's checkout and sends the browser there (Stripe, or the local test mode). */
export function useBuyPremiumBadge(id: string) {
  const { t } = useTranslation('premium-badges');
  return useMutation({
    mutationFn: () => api<CheckoutRedirect>(`/api/premium-badges/${encodeURIComponent(id)}/checkout`, { method: 'POST', json: {} }),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => toast.error(t('purchase.purchaseFailed'), { description: error instanceof ApiError ? error.message : t('purchase.startFailed') }),
  });
}

/** 'Check again': the server asks the provider about the open checkout (a webhook may lag) and answers the badge. */
export function useCheckPremiumBadge(id: string) {
  const { t } = useTranslation('premium-badges');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<PremiumBadgeView>(`/api/premium-badges/${encodeURIComponent(id)}/check`, { method: 'POST', json: {} }),
    onSuccess: (badge) => {
      queryClient.setQueryData(premiumBadgeKey(id), badge);
      if (!badge.owned) toast.warning(t('purchase.notYetRecorded'), { description: t('purchase.notYetRecordedDescription') });
    },
    onError: (error) => toast.error(t('purchase.checkFailed'), { description: error instanceof ApiError ? error.message : t('purchase.checkFailedDescription') }),
  });
}

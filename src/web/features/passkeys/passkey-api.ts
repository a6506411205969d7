import { startAuthentication, startRegistration, WebAuthnError, type PublicKeyCredentialCreationOptionsJSON, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { Passkey } from '../../../domain/accounts/passkeys';
import { api, ApiError } from '../../api/http';

export const PASSKEYS_KEY = ['passkeys'] as const;

/** One's passkeys (issue 32). */
export function usePasskeys(enabled = true) {
  return useQuery({ queryKey: PASSKEYS_KEY, queryFn: ({ signal }) => api<Passkey[]>('/api/passkeys', { signal }), enabled });
}

/** The whole ceremony of adding a passkey: the server's options, the browser's authenticator, the server's check. */
export async function addPasskey(name: string): Promise<Passkey> {
  const optionsJSON = await api<PublicKeyCredentialCreationOptionsJSON>('/api/passkeys/register-options', { method: 'POST' });
  const response = await startRegistration({ optionsJSON });
  return api<Passkey>('/api/passkeys', { method: 'POST', json: { name, response } });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => api<Passkey>(`/api/passkeys/${encodeURIComponent(id)}`, { method: 'PATCH', json: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ removed: true }>(`/api/passkeys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY }),
  });
}

/** Confirm it's you with one of one's own passkeys: the session is marked proven. */
export async function confirmWithPasskey(): Promise<void> {
  const optionsJSON = await api<PublicKeyCredentialRequestOptionsJSON>('/api/passkeys/confirm-options', { method: 'POST' });
  const response = await startAuthentication({ optionsJSON });
  await api<{ confirmed: true }>('/api/passkeys/confirm', { method: 'POST', json: { response } });
}

/**
 * Sign in with a passkey: any passkey this browser holds for the site. With `autofill`, the
 * request waits in the email field's suggestions (conditional mediation) until one is picked.
 * `signal` stops it before the browser is asked (the autofill request, when the button started
 * first: asking the browser would cut the button's ceremony short).
 */
export async function signInWithPasskey(autofill = false, signal?: AbortSignal): Promise<void> {
  const optionsJSON = await api<PublicKeyCredentialRequestOptionsJSON>('/api/auth/passkey/sign-in-options', { method: 'POST', signal });
  signal?.throwIfAborted();
  const response = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
  await api<unknown>('/api/auth/sign-in/passkey', { method: 'POST', json: { response } });
}

/** What went wrong in the browser's part of a ceremony, as a key of the 'passkeys' catalog; null when it was cut short on purpose. */
export function ceremonyProblem(error: unknown): 'errors.cancelled' | 'errors.alreadyRegistered' | 'errors.unsupported' | 'errors.failed' | null {
  if (error instanceof WebAuthnError) {
    if (error.code === 'ERROR_CEREMONY_ABORTED') return null;
    if (error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return 'errors.alreadyRegistered';
  }
  const name = error instanceof Error ? error.name : '';
  if (name === 'AbortError') return null;
  if (name === 'NotAllowedError') return 'errors.cancelled';
  if (name === 'InvalidStateError') return 'errors.alreadyRegistered';
  if (name === 'NotSupportedError' || (error instanceof Error && /WebAuthn is not supported|does not support WebAuthn/i.test(error.message))) return 'errors.unsupported';
  return 'errors.failed';
}

/** What to tell the person when a ceremony failed: the server's refusal, or the browser's problem in the page's words; null when it was cut short on purpose. */
export function ceremonyProblemText(error: unknown, t: TFunction<'passkeys'>): string | null {
  if (error instanceof ApiError) return error.message;
  const key = ceremonyProblem(error);
  return key ? t(key) : null;
}

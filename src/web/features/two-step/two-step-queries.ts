import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecoveryCodes, TwoStepSetup, TwoStepStatus } from '../../../domain/accounts/two-step';
import { api } from '../../api/http';

const STATUS_KEY = ['two-step'] as const;

/** Whether two-step sign-in is on, and how many recovery codes are left (decision 050). */
export function useTwoStepStatus() {
  return useQuery({ queryKey: STATUS_KEY, queryFn: ({ signal }) => api<TwoStepStatus>('/api/me/two-step', { signal }) });
}

export function useStartSetup() {
  return useMutation({ mutationFn: (password: string) => api<TwoStepSetup>('/api/me/two-step/setup', { method: 'POST', json: { password } }) });
}

export function useConfirmSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api<RecoveryCodes>('/api/me/two-step/confirm', { method: 'POST', json: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STATUS_KEY }),
  });
}

export function useNewRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => api<RecoveryCodes>('/api/me/two-step/recovery-codes', { method: 'POST', json: { password } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STATUS_KEY }),
  });
}

export function useTurnOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (run: () => Promise<{ enabled: false }>) => run(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STATUS_KEY }),
  });
}

export const turnOffTwoStep = (password: string) => api<{ enabled: false }>('/api/me/two-step/disable', { method: 'POST', json: { password } });

/** The code step of a sign-in: better-auth's endpoints, after the password (two_factor cookie). */
export function verifySignInCode(kind: 'totp' | 'recovery', code: string, trustDevice: boolean) {
  const path = kind === 'totp' ? '/api/auth/two-factor/verify-totp' : '/api/auth/two-factor/verify-backup-code';
  return api<unknown>(path, { method: 'POST', json: { code, trustDevice } });
}

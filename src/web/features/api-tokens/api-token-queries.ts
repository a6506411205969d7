import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiToken, CreatedToken, CreateTokenInput } from '../../../domain/api/api-tokens';
import { api } from '../../api/http';

const TOKENS_KEY = ['api-tokens'] as const;

/** One's live API tokens (issue 17). */
export function useApiTokens() {
  return useQuery({ queryKey: TOKENS_KEY, queryFn: ({ signal }) => api<ApiToken[]>('/api/me/tokens', { signal }) });
}

export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTokenInput) => api<CreatedToken>('/api/me/tokens', { method: 'POST', json: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TOKENS_KEY }),
  });
}

export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ revoked: true }>(`/api/me/tokens/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TOKENS_KEY }),
  });
}

import { useQuery } from '@tanstack/react-query';
import type { AppConfig } from '../../../domain/api/app-answers';
import { api } from '../../api/http';

export type { AppConfig };

export function useAppConfig() {
  return useQuery({ queryKey: ['config'], queryFn: () => api<AppConfig>('/api/config'), staleTime: Infinity });
}

import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/http';

export interface AppConfig {
  visionDocumentUrl: string;
  mailboxEnabled: boolean;
  timeZone: string;
}

export function useAppConfig() {
  return useQuery({ queryKey: ['config'], queryFn: () => api<AppConfig>('/api/config'), staleTime: Infinity });
}

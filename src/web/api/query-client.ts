import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './http';

/** The app's cache settings: one client in the browser, a fresh one per page the server draws. */
export const newQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      },
    },
  });

export const queryClient = newQueryClient();

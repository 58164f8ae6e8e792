import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from '../lib/api';

// No retry, no refetch on focus, no polling, never stale (the textbook query overrides).
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

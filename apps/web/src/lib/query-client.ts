import { QueryClient } from '@tanstack/react-query';

const MINUTE = 60_000;

/** The spec's query defaults (core.md section 9). */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * MINUTE,
        gcTime: 10 * MINUTE,
        retry: 2,
        refetchOnWindowFocus: false,
        refetchOnReconnect: true,
      },
      mutations: { retry: 1 },
    },
  });

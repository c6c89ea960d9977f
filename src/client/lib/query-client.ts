import { QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import { getQueryFn } from './api';

/** SPEC §7/§9: no retries, no refetch on focus, data never stale; live lists opt in to polling. */
export const queryClientOptions: QueryClientConfig = {
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    },
    mutations: { retry: false },
  },
};

/** The browser's one cache. The server renders each page with a cache of its own (server-render.tsx). */
export const queryClient = new QueryClient(queryClientOptions);

/** How often the live lists refresh while someone is logged in. */
export const LIVE_REFETCH_MS = 5000;

import { QueryClient } from '@tanstack/react-query';
import { isNetworkError } from '../shared/api/api-errors.ts';

/** A dropped connection gets one more try; a failure the server reported would only fail again. */
const NETWORK_RETRIES = 1;

/** Creates the TanStack Query client that holds all server state. */
export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => isNetworkError(error) && failureCount < NETWORK_RETRIES,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

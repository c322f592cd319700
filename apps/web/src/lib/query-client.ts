import { QueryClient } from '@tanstack/react-query';
import { ApiError, ContractError } from './api-client';

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

/**
 * Every patient, order and item query sits under this root, so a change of the
 * classification preferences can drop them all at once (core.md section 9). The
 * cache lives in memory only: no patient data is written to sessionStorage.
 */
export const PATIENTS_ROOT_KEY = 'patients';

/**
 * An answer or input that failed a zod schema, told by name: importing zod's class here
 * would load zod with the app's start-up, which no longer needs it (lib/zod-settings.ts).
 */
export const isZodError = (error: Error) => error.name === 'ZodError';

/**
 * Client errors (403 other payor, 404 out of scope, 401 signed out) and answers that
 * break the contract will not heal by asking again; network and server errors might.
 */
export const retryUnlessClientError = (failures: number, error: Error) =>
  failures < 2 &&
  !isZodError(error) &&
  !(error instanceof ContractError) &&
  !(error instanceof ApiError && error.status >= 400 && error.status < 500);

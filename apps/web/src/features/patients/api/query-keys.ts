import { ZodError } from 'zod';
import { ApiError } from '../../../lib/api-client';

const MINUTE = 60_000;

/**
 * Every patient, order and item query sits under this root, so a change of the
 * classification preferences can drop them all with removeQueries({ queryKey: ['patients'] }).
 * The cache lives in memory only: no patient data is written to sessionStorage.
 */
export const PATIENTS_ROOT_KEY = 'patients';

/** Stale after 5 minutes, collected after 10 (core.md section 9). */
export const PATIENTS_CACHE_TIMES = { staleTime: 5 * MINUTE, gcTime: 10 * MINUTE } as const;

/**
 * Client errors (403 other payor, 404 out of scope) and answers that break the
 * contract will not heal by asking again; network and server errors might.
 */
export const retryUnlessClientError = (failures: number, error: Error) =>
  failures < 2 &&
  !(error instanceof ZodError) &&
  !(error instanceof ApiError && error.status >= 400 && error.status < 500);

/** A path segment from an ERP key; keys are never free text, but encode them anyway. */
export const segment = (value: string) => encodeURIComponent(value);

/** A query string from defined values only. */
export const queryString = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') {
      search.set(name, String(value));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};

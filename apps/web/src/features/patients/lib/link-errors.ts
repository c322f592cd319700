import { ApiError } from '../../../lib/api-client';

/** What a linked patient or order that cannot be shown tells the user. */
export type TLinkProblem = { kind: 'denied' | 'not-found' | 'failed'; message: string };

/**
 * A 403 is Access Denied, a 404 the server's 'Patient not found' / 'Order not found' (it
 * answers 404 for another payor's patient or order, never its data); anything else may heal
 * with a retry.
 */
export const linkProblem = (error: unknown, notFound: string): TLinkProblem => {
  if (error instanceof ApiError && error.status === 403) {
    return { kind: 'denied', message: "You don't have permission to access this page." };
  }
  if (error instanceof ApiError && error.status === 404) {
    return { kind: 'not-found', message: error.serverError ?? notFound };
  }
  return {
    kind: 'failed',
    message: error instanceof ApiError ? error.message : 'Please try again.',
  };
};

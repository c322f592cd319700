import type { z } from 'zod';
import { AUTH_MESSAGES, friendlyStatusMessage } from '@portal/domain/messages';
import { readCookie } from './cookies';
import { LOCAL_KEYS, local } from './storage-keys';

/** Request time-outs (core.md section 9). */
export const DEFAULT_TIMEOUT_MS = 990_000;
export const LONG_TIMEOUT_MS = 9_900_000;
const LONG_PATHS = ['/data-sync/tables', '/table-sample', '/sync', '/snowpark'];

const LOGIN_PATH = '/api/login';
/** A sign-in's second step (issue 35): like the password, it is answered before any session. */
const SECOND_FACTOR_PATH = '/api/login/second-factor';
const REFRESH_PATH = '/api/refresh-token';
const CHECK_AUTH_PATH = '/api/check-auth';
/** A 401 from these is the answer itself (a wrong password or code), not an ended session. */
/** A sign-in with a passkey (its prompt's options, then its answer), as the code step. */
const PASSKEY_PATHS = ['/api/login/passkey/options', '/api/login/passkey'];
const SESSIONLESS_PATHS = [LOGIN_PATH, SECOND_FACTOR_PATH, REFRESH_PATH, ...PASSKEY_PATHS];

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  /** The server's own `error` text, when it sent one. */
  readonly serverError: string | undefined;
  /** A 403 "Password reset required": the user must change their password first. */
  readonly passwordResetRequired: boolean;
  /** A 403 "Two-step verification required": the user must add a second factor first. */
  readonly mfaEnrolmentRequired: boolean;

  constructor(status: number, message: string, body: { error?: string; code?: string } = {}) {
    super(message);
    this.status = status;
    this.code = body.code;
    this.serverError = body.error;
    this.passwordResetRequired =
      status === 403 && body.error === AUTH_MESSAGES.passwordResetRequired;
    this.mfaEnrolmentRequired = status === 403 && body.error === AUTH_MESSAGES.mfaEnrolmentRequired;
  }
}

/** The refresh failed: the session is over and the user must sign in again. */
/**
 * An answer that breaks the contract, found by a check of its own where the answer is
 * typed rather than parsed (a parsed one fails with zod's error instead).
 */
export class ContractError extends Error {}

export class SessionExpiredError extends ApiError {
  constructor() {
    super(401, AUTH_MESSAGES.sessionExpired);
  }
}

export type TAuthEvent = 'session-expired' | 'password-reset-required' | 'mfa-enrolment-required';
const listeners = new Set<(event: TAuthEvent) => void>();

/** The app listens to send the user to /login or /change-password. */
export const onAuthEvent = (listener: (event: TAuthEvent) => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const emit = (event: TAuthEvent) => {
  for (const listener of listeners) {
    listener(event);
  }
};

/**
 * The session ended without a 401, at the idle logoff: the app clears and leaves the screen
 * exactly as it does when a refresh fails.
 */
export const announceSessionExpired = () => emit('session-expired');

/** The CSRF header for a call, or none: safe methods, the sign-in and refresh go without. */
export const csrfHeaderFor = (
  method: string,
  path: string,
  cookies?: string,
): Record<string, string> => {
  if (method === 'GET' || method === 'HEAD' || SESSIONLESS_PATHS.includes(path)) {
    return {};
  }
  const token =
    readCookie('csrf_access_token', cookies) ?? readCookie('csrf_refresh_token', cookies);
  return token ? { 'X-CSRF-TOKEN': token } : {};
};

const isLongPath = (path: string) => LONG_PATHS.some((part) => path.includes(part));

/** CS_ACCESS_ERROR, or a 500 on a chat path, is kept locally: the last 10 (core.md section 8). */
const recordCsError = (path: string, status: number, body: { error?: string; code?: string }) => {
  if (
    body.code !== 'CS_ACCESS_ERROR' &&
    !(status === 500 && path.includes('/chat') && body.error)
  ) {
    return;
  }
  const previous = (() => {
    try {
      const parsed: unknown = JSON.parse(local.get(LOCAL_KEYS.csErrors) ?? '[]');
      return Array.isArray(parsed) ? (parsed as unknown[]) : [];
    } catch {
      return [];
    }
  })();
  const entry = {
    type: body.code ?? 'chat_error',
    url: path,
    message: body.error ?? '',
    timestamp: new Date().toISOString(),
  };
  local.set(LOCAL_KEYS.csErrors, JSON.stringify([...previous, entry].slice(-10)));
};

const readBody = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (!text) {
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

const errorFields = (body: unknown): { error?: string; code?: string } => {
  if (typeof body !== 'object' || body === null) {
    return {};
  }
  const { error, code } = body as { error?: unknown; code?: unknown };
  return {
    ...(typeof error === 'string' ? { error } : {}),
    ...(typeof code === 'string' ? { code } : {}),
  };
};

export type TRequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** The reset-by-link calls go without credentials (core.md section 6). */
  credentials?: RequestCredentials;
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
};

type TFetch = typeof fetch;

/** One client for every call: JSON, credentials, the XHR marker, CSRF and the refresh queue. */
export const createApiClient = (fetchImpl: TFetch = (...args) => fetch(...args)) => {
  let refreshing: Promise<boolean> | undefined;

  const send = async (path: string, method: string, options: TRequestOptions<unknown>) => {
    const timeout = AbortSignal.timeout(isLongPath(path) ? LONG_TIMEOUT_MS : DEFAULT_TIMEOUT_MS);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    try {
      return await fetchImpl(path, {
        method,
        credentials: options.credentials ?? 'include',
        headers: {
          'Content-Type': 'application/json',
          'X-Requested-With': 'XMLHttpRequest',
          Accept: 'application/json',
          ...csrfHeaderFor(method, path),
        },
        // A JSON content type promises a body; an empty one would be a 400 on the server.
        ...(method === 'GET' || method === 'HEAD'
          ? {}
          : { body: JSON.stringify(options.body ?? {}) }),
        signal,
      });
    } catch (error) {
      if (timeout.aborted) {
        throw new ApiError(
          408,
          isLongPath(path)
            ? 'The operation is taking longer than expected. It may still finish; check again later.'
            : (friendlyStatusMessage(408) ?? 'Request timeout'),
        );
      }
      if (options.signal?.aborted) {
        throw error;
      }
      throw new ApiError(0, friendlyStatusMessage(503) ?? 'Service unavailable');
    }
  };

  /** One refresh at a time; every request that met a 401 waits for the same one. */
  const refreshOnce = () => {
    refreshing ??= send(REFRESH_PATH, 'POST', {})
      .then((response) => response.ok)
      .catch(() => false)
      .finally(() => {
        refreshing = undefined;
      });
    return refreshing;
  };

  const request = async <T>(path: string, options: TRequestOptions<T> = {}): Promise<T> => {
    const method = options.method ?? 'GET';
    let response = await send(path, method, options);
    if (response.status === 401 && !SESSIONLESS_PATHS.includes(path)) {
      // The refresh cookie is HttpOnly, but its CSRF twin shows whether there is one to use.
      const canRefresh = readCookie('csrf_refresh_token') !== undefined;
      if (!canRefresh || !(await refreshOnce())) {
        // A failed check-auth only means "not signed in"; elsewhere the session ended.
        if (path !== CHECK_AUTH_PATH) {
          emit('session-expired');
        }
        throw new SessionExpiredError();
      }
      response = await send(path, method, options);
      if (response.status === 401) {
        if (path !== CHECK_AUTH_PATH) {
          emit('session-expired');
        }
        throw new SessionExpiredError();
      }
    }
    const body = await readBody(response);
    if (!response.ok) {
      const fields = errorFields(body);
      recordCsError(path, response.status, fields);
      const error = new ApiError(
        response.status,
        fields.error ?? friendlyStatusMessage(response.status) ?? 'An error occurred',
        fields,
      );
      if (error.passwordResetRequired) {
        emit('password-reset-required');
      }
      if (error.mfaEnrolmentRequired) {
        emit('mfa-enrolment-required');
      }
      throw error;
    }
    return options.schema ? options.schema.parse(body) : (body as T);
  };

  return {
    request,
    get: <T>(path: string, options: Omit<TRequestOptions<T>, 'method' | 'body'> = {}) =>
      request(path, { ...options, method: 'GET' }),
    post: <T>(path: string, body?: unknown, options: Omit<TRequestOptions<T>, 'method'> = {}) =>
      request(path, { ...options, method: 'POST', body }),
    put: <T>(path: string, body?: unknown, options: Omit<TRequestOptions<T>, 'method'> = {}) =>
      request(path, { ...options, method: 'PUT', body }),
    delete: <T>(path: string, options: Omit<TRequestOptions<T>, 'method' | 'body'> = {}) =>
      request(path, { ...options, method: 'DELETE' }),
  };
};

export const api = createApiClient();

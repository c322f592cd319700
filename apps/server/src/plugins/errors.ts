import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STATUS_MESSAGES } from '@portal/domain/messages';
import { isConnectionLost } from '../db/connection-errors';
import { allowedMethods } from './method-not-allowed';

const STATUS_BY_CODE = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  too_many_requests: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type TErrorCode = keyof typeof STATUS_BY_CODE;

/** The one error body shape, for route response schemas. */
export const ZErrorBody = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.string(),
});

/** An error whose message is safe to show to the user; the code picks the HTTP status. */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly status: number;
  /** A 429's wait before the client may try again; sent as Retry-After (whole seconds). */
  readonly retryAfterMs: number | undefined;

  constructor(
    code: TErrorCode,
    message: string,
    options?: { cause?: unknown; retryAfterMs?: number | undefined },
  ) {
    super(message, options);
    this.code = code;
    this.status = STATUS_BY_CODE[code];
    this.retryAfterMs = options?.retryAfterMs;
  }
}

/** Retry-After for a 429 that did not say how long: a minute. */
const DEFAULT_RETRY_AFTER_MS = 60_000;

const codeForStatus = (status: number): TErrorCode => {
  const known = (Object.keys(STATUS_BY_CODE) as TErrorCode[]).find(
    (code) => STATUS_BY_CODE[code] === status,
  );
  return known ?? (status >= 500 ? 'internal' : 'bad_request');
};

/**
 * Fastify's own errors before routing (a malformed URL such as `/api/%`, an over-long
 * path parameter), passed as its frameworkErrors option: the one body shape, the
 * product's words, and never the URL, which Fastify's own message echoes.
 */
export const frameworkErrors = (error: FastifyError, _request: unknown, reply: FastifyReply) => {
  const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
  const message =
    STATUS_MESSAGES[status] ?? (status >= 500 ? STATUS_MESSAGES[500] : STATUS_MESSAGES[400]);
  void reply
    .status(status)
    .header('Cache-Control', 'no-store')
    .send({ success: false, error: message, code: codeForStatus(status) });
};

type TValidationIssue = { keyword?: string; message?: string; params?: Record<string, unknown> };

/** zod's own wording starts so; a schema's own message (the spec's words) is kept as written. */
const LIBRARY_WORDING =
  /^(Invalid (input|option|string|email|element|key|union|value|discriminator|date)|Too (small|big)|Unrecognized key)/;

const NOUNS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
};

const bound = (origin: unknown, limit: unknown, side: 'least' | 'most') => {
  const count = Number(limit);
  if (origin === 'string') {
    return `at ${side} ${count} ${count === 1 ? 'character' : 'characters'}`;
  }
  if (origin === 'array' || origin === 'set') {
    return `at ${side} ${count} ${count === 1 ? 'item' : 'items'}`;
  }
  return `at ${side} ${count}`;
};

/**
 * A validation failure in words for people: 'group_id is required', 'group_id must be
 * text', 'interval must be at most 1440'. A message the schema wrote itself is kept, after
 * the field it concerns ('sub_status: not a status of this view').
 */
export const validationMessage = (path: string, issue: TValidationIssue | undefined) => {
  const field = path
    .replace(/^\//, '')
    .replace(/\/(\d+)(?=\/|$)/g, '[$1]')
    .replace(/\//g, '.');
  const message = issue?.message ?? 'Invalid request';
  if (!LIBRARY_WORDING.test(message)) {
    return path.replace(/^\//, '') ? `${path.replace(/^\//, '')}: ${message}` : message;
  }
  const subject = field || 'The request body';
  const params = issue?.params ?? {};
  switch (issue?.keyword) {
    case 'invalid_type':
      return /received undefined$/.test(message)
        ? `${subject} is required`
        : `${subject} must be ${NOUNS[String(params.expected)] ?? String(params.expected)}`;
    case 'too_small':
      return params.origin === 'string' && Number(params.minimum) === 1
        ? `${subject} must not be empty`
        : `${subject} must be ${bound(params.origin, params.minimum, 'least')}`;
    case 'too_big':
      return `${subject} must be ${bound(params.origin, params.maximum, 'most')}`;
    case 'invalid_value':
      return `${subject} must be one of: ${(Array.isArray(params.values) ? params.values : []).map(String).join(', ')}`;
    case 'invalid_format':
      return params.format === 'email'
        ? `${subject} must be an email address`
        : `${subject} is not in the expected format`;
    case 'unrecognized_keys': {
      const keys = Array.isArray(params.keys) ? params.keys.map(String) : [];
      return `Unknown ${keys.length === 1 ? 'field' : 'fields'}${field ? ` in ${field}` : ''}: ${keys.join(', ')}`;
    }
    default:
      return `${subject} is not valid`;
  }
};

/** Every error body has one shape: { success: false, error, code }. 5xx never carries internals. */
const errors = (app: FastifyInstance) => {
  const allowed = allowedMethods(app);
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) {
        request.log.error({ err: error.cause ?? error }, error.message);
      }
      if (error.status === 429) {
        const seconds = Math.ceil((error.retryAfterMs ?? DEFAULT_RETRY_AFTER_MS) / 1000);
        void reply.header('Retry-After', String(Math.max(1, seconds)));
      }
      return reply
        .status(error.status)
        .send({ success: false, error: error.message, code: error.code });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      return reply.status(400).send({
        success: false,
        error: validationMessage(first?.instancePath ?? '', first),
        code: 'bad_request',
      });
    }
    if (isConnectionLost(error)) {
      // The pool replaces the lost connection; the same request will likely succeed soon.
      request.log.warn({ err: error }, 'database connection lost');
      return reply.status(503).send({
        success: false,
        error: STATUS_MESSAGES[503],
        code: 'unavailable',
      });
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(status).send({
        success: false,
        error: STATUS_MESSAGES[500],
        code: codeForStatus(status),
      });
    }
    return reply
      .status(status)
      .send({ success: false, error: error.message, code: codeForStatus(status) });
  });

  app.setNotFoundHandler((request, reply) => {
    const methods = allowed(request.url);
    if (methods.length > 0) {
      return reply
        .status(405)
        .header('Allow', methods.join(', '))
        .send({
          success: false,
          error: `This address does not take ${request.method}; it takes ${methods.join(', ')}.`,
          code: 'method_not_allowed',
        });
    }
    return reply.status(404).send({
      success: false,
      error: STATUS_MESSAGES[404],
      code: 'not_found',
    });
  });
};

export default fp(errors, { name: 'errors' });

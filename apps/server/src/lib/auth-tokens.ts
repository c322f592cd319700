import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { setBounded } from './bounded-map';

/**
 * The session's JWTs: HS256 (HMAC-SHA256) over the portal's secret, signed and checked
 * with node:crypto. jose did the same through WebCrypto, which imported the key again
 * on every call and sent each HMAC through the thread pool: most of a signed-in API
 * call's CPU time (tools/bench/api.ts). What is checked has not changed: the algorithm
 * is pinned (the header must say HS256, so "none" and every other algorithm fail), the
 * signature is compared in constant time, and issuer, audience (the token's kind),
 * expiry and not-before are enforced.
 */

const ISSUER = 'supplier-portal';

/** The audience tells the two tokens apart, so a refresh token never passes as an access token. */
export type TTokenKind = 'access' | 'refresh';

export type TTokenClaims = {
  userId: number;
  sessionId: string;
  /** Bound into the signed token; unsafe requests must echo it in X-CSRF-TOKEN. */
  csrf: string;
  jti: string;
  expiresAt: number;
};

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/** One key object per secret, made once: the secret is fixed for the process's life. */
const keys = new Map<string, KeyObject>();
const keyFor = (secret: string) => {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
};

const signatureOf = (signingInput: string, secret: string) =>
  createHmac('sha256', keyFor(secret)).update(signingInput).digest('base64url');

export const signToken = async (
  kind: TTokenKind,
  claims: TTokenClaims,
  options: { secret: string; now: number },
): Promise<string> => {
  const payload = {
    sid: claims.sessionId,
    csrf: claims.csrf,
    iss: ISSUER,
    aud: kind,
    sub: String(claims.userId),
    jti: claims.jti,
    iat: Math.floor(options.now / 1000),
    exp: Math.floor(claims.expiresAt / 1000),
  };
  const signingInput = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${signingInput}.${signatureOf(signingInput, options.secret)}`;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const decodePart = (part: string): Record<string, unknown> | undefined => {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
};

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** Constant-time comparison of the signature given with the one the secret makes. */
const signatureMatches = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** What a token proves whatever the time: its claims, and when it stops and starts being valid. */
type TVerified = { claims: TTokenClaims; exp: number; nbf: number | undefined };

/** Signature, algorithm, issuer, audience and claims: everything but the time. */
const verify = (kind: TTokenKind, token: string, secret: string): TVerified | undefined => {
  const parts = token.split('.');
  if (parts.length !== 3) {
    return undefined;
  }
  const [headerPart = '', payloadPart = '', signature = ''] = parts;
  const header = decodePart(headerPart);
  // Pinned: only HS256, and no extension the token says must be understood.
  if (!header || header.alg !== 'HS256' || header.crit !== undefined) {
    return undefined;
  }
  if (!signatureMatches(signature, signatureOf(`${headerPart}.${payloadPart}`, secret))) {
    return undefined;
  }
  const payload = decodePart(payloadPart);
  if (!payload) {
    return undefined;
  }
  const { iss, aud, sub, sid, csrf, jti, exp, nbf } = payload;
  const audiences: unknown[] = Array.isArray(aud) ? aud : [aud];
  const valid =
    iss === ISSUER &&
    audiences.includes(kind) &&
    typeof sub === 'string' &&
    /^\d+$/.test(sub) &&
    nonEmpty(sid) &&
    nonEmpty(csrf) &&
    nonEmpty(jti) &&
    typeof exp === 'number' &&
    (nbf === undefined || typeof nbf === 'number');
  return valid
    ? {
        // Frozen: the same object answers every later read of this token.
        claims: Object.freeze({
          userId: Number(sub),
          sessionId: sid,
          csrf,
          jti,
          expiresAt: exp * 1000,
        }),
        exp,
        nbf,
      }
    : undefined;
};

/**
 * Tokens already verified, by secret, kind and the token's exact text; the oldest go
 * first past the limit. Every signed-in request brings the same access token for its
 * 15 minutes, and decoding and HMAC-ing it again was a tenth of check-auth's time
 * (tools/bench/api.ts). Only genuine tokens are kept, so a forged or altered one is
 * always checked in full; the time is checked on every call.
 */
const VERIFIED_LIMIT = 10_000;
/**
 * Kind, then secret, then token: the kind and the secret are the same strings on every
 * call, so only the token's text is hashed for the lookup (a key of the three joined was a
 * new 400-character string to build and hash on every request).
 */
const verified = new Map<TTokenKind, Map<string, Map<string, TVerified>>>();

const verifiedOf = (kind: TTokenKind, secret: string) => {
  let bySecret = verified.get(kind);
  if (!bySecret) {
    bySecret = new Map();
    verified.set(kind, bySecret);
  }
  let tokens = bySecret.get(secret);
  if (!tokens) {
    tokens = new Map();
    bySecret.set(secret, tokens);
  }
  return tokens;
};

const verifiedToken = (kind: TTokenKind, token: string, secret: string) => {
  const tokens = verifiedOf(kind, secret);
  const known = tokens.get(token);
  if (known) {
    return known;
  }
  const result = verify(kind, token, secret);
  if (result) {
    setBounded(tokens, token, result, VERIFIED_LIMIT);
  }
  return result;
};

const verifiedWithAny = (kind: TTokenKind, token: string, secret: string | readonly string[]) => {
  if (typeof secret === 'string') {
    return verifiedToken(kind, token, secret);
  }
  for (const each of secret) {
    const result = verifiedToken(kind, token, each);
    if (result) {
      return result;
    }
  }
  return undefined;
};

/**
 * The claims of a valid token, or undefined for anything else: a bad signature, another
 * algorithm (alg "none" included), the other kind of token, or one expired at `now` (unless
 * `allowExpired`). Synchronous: nothing in it waits.
 */
export const readToken = (
  kind: TTokenKind,
  token: string,
  options: {
    /**
     * The secret, or the secrets, a genuine token is signed with: the signing one first,
     * then those being rotated away, which still verify the tokens they signed.
     */
    secret: string | readonly string[];
    now: number;
    /** Logout only: an expired but genuine token still names the session to end. */
    allowExpired?: boolean;
  },
): TTokenClaims | undefined => {
  const result = verifiedWithAny(kind, token, options.secret);
  if (!result) {
    return undefined;
  }
  const nowS = Math.floor(options.now / 1000);
  const current =
    (options.allowExpired === true || result.exp > nowS) &&
    (result.nbf === undefined || result.nbf <= nowS);
  return current ? result.claims : undefined;
};

/** readToken for callers that await it. */
export const verifyToken = async (
  kind: TTokenKind,
  token: string,
  options: { secret: string | readonly string[]; now: number; allowExpired?: boolean },
): Promise<TTokenClaims | undefined> => readToken(kind, token, options);

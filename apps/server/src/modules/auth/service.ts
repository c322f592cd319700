import { createHash, randomBytes } from 'node:crypto';
import { FIRST_ACCESS_MESSAGES } from '@portal/domain/first-access';
import { AUTH_MESSAGES } from '@portal/domain/messages';
import type { TAuthUser, TLoginInput } from '@portal/domain/auth-api';
import type { TSignInMethod } from '@portal/domain/mfa-api';
import type { TSessionCookies } from '../../lib/auth-cookies';
import { signToken, verifyToken } from '../../lib/auth-tokens';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { SESSION_POLICY } from '../../lib/session-policy';
import { sessionProblem } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import { enrolmentOwed } from '../mfa/policy';
import { hasConfirmedFactor, insertChallenge, signInMethods } from '../mfa/repository';
import { findUserByEmail, normaliseEmail, type TUserRow } from '../users/repository';
import type { TAuthContext } from './context';
import { toAuthUser } from './presenters';
import { forgetAttempts, takeAttempt } from './rate-limit';
import {
  findSessionForRefresh,
  insertSession,
  revokeSession,
  rotateRefreshJti,
  type TSessionRow,
} from './session-repository';

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

const sessionExpired = () => new AppError('unauthorized', AUTH_MESSAGES.sessionExpired);

/** Signs a fresh access and refresh token pair, each with its own CSRF value. */
const issueTokens = async (
  ctx: TAuthContext,
  session: Pick<TSessionRow, 'id' | 'user_id' | 'remember_me' | 'expires_at'>,
  refreshJti: string,
): Promise<TSessionCookies> => {
  const now = ctx.clock();
  const base = { userId: session.user_id, sessionId: session.id };
  const options = { secret: ctx.jwtSecret, now };
  const csrfAccess = randomToken();
  const csrfRefresh = randomToken();
  const accessToken = await signToken(
    'access',
    {
      ...base,
      csrf: csrfAccess,
      jti: randomToken(16),
      expiresAt: Math.min(now + SESSION_POLICY.accessTokenMs, session.expires_at),
    },
    options,
  );
  const refreshToken = await signToken(
    'refresh',
    { ...base, csrf: csrfRefresh, jti: refreshJti, expiresAt: session.expires_at },
    options,
  );
  return {
    accessToken,
    refreshToken,
    csrfAccess,
    csrfRefresh,
    rememberMe: session.remember_me === 1,
  };
};

let dummyHash: Promise<string> | undefined;

/**
 * Builds the stand-in hash before the first sign-in, so the first unknown email of a
 * process is not the one request that also pays for hashing.
 */
export const prepareStandInHash = () => {
  dummyHash ??= hashPassword(randomToken());
  return dummyHash;
};

/**
 * Verifies a password, spending the same argon2 time when there is no usable account, so
 * the answer time does not tell which emails exist.
 */
const passwordMatches = async (user: TUserRow | undefined, password: string) => {
  if (user?.is_active === 1 && user.password_hash) {
    return verifyPassword(user.password_hash, password);
  }
  await verifyPassword(await prepareStandInHash(), password);
  return false;
};

export type TLoginResult =
  | { kind: 'session'; user: TAuthUser; cookies: TSessionCookies }
  /** The password was right and the account has a second factor: the session waits for it. */
  | { kind: 'challenge'; challenge: string; methods: TSignInMethod[] };

export const login = async (
  ctx: TAuthContext,
  input: Required<TLoginInput>,
): Promise<TLoginResult> => {
  const email = normaliseEmail(input.email);
  const now = ctx.clock();
  const attempts = await takeAttempt(ctx.db, { kind: 'login', ip: ctx.ip, account: email, now });
  const user = await findUserByEmail(ctx.db, email);
  // Verified before the user is looked at, so an unknown email costs the same argon2 time as
  // a known one (a short-circuit here told which emails have accounts).
  const matches = await passwordMatches(user, input.password);
  if (!user || !matches) {
    await ctx.audit({ action: 'login_failure', userId: user?.id ?? null, detail: { email } });
    throw new AppError('unauthorized', AUTH_MESSAGES.invalidCredentials);
  }
  if (
    user.password_reset_required === 1 &&
    user.temporary_password_expires_at !== null &&
    user.temporary_password_expires_at <= now
  ) {
    // Said only to whoever knows the password, so it tells nobody else anything. The
    // attempt stays counted: this sign-in did not succeed.
    await ctx.audit({
      action: 'login_failure',
      userId: user.id,
      detail: { email, reason: 'temporary_password_expired' },
    });
    throw new AppError('unauthorized', FIRST_ACCESS_MESSAGES.temporaryPasswordExpired);
  }
  await forgetAttempts(ctx.db, attempts);
  if (await hasConfirmedFactor(ctx.db, user.id)) {
    const challenge = randomToken();
    await insertChallenge(ctx.db, {
      id: challengeId(challenge),
      userId: user.id,
      rememberMe: input.remember_me,
      now,
    });
    await ctx.audit({ action: 'login_second_factor_required', userId: user.id });
    return { kind: 'challenge', challenge, methods: await signInMethods(ctx.db, user.id) };
  }
  return { kind: 'session', ...(await startSession(ctx, user, input.remember_me)) };
};

/** A challenge is kept as the SHA-256 of the token its client holds. */
export const challengeId = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The session of a completed sign-in: its row (the refresh family) and its cookies. A user
 * whose role requires a second factor and who has none gets a session that owes one
 * (modules/mfa/policy.ts): it reaches enrolment only.
 */
export const startSession = async (ctx: TAuthContext, user: TUserRow, rememberMe: boolean) => {
  const now = ctx.clock();
  const owed = await enrolmentOwed(ctx.db, user);
  const session = {
    id: randomToken(),
    user_id: user.id,
    // One row per sign-in: the row is the refresh-token family (decisions.md, "Sessions").
    remember_me: rememberMe ? 1 : 0,
    expires_at: now + (rememberMe ? SESSION_POLICY.rememberMeMaxMs : SESSION_POLICY.sessionMaxMs),
    mfa_enrolment_required: owed ? 1 : 0,
  };
  const authUser = toAuthUser(user, session);
  const refreshJti = randomToken(16);
  await insertSession(ctx.db, {
    ...session,
    family_id: session.id,
    ip: ctx.ip.slice(0, 64),
    user_agent: ctx.userAgent,
    created_at: now,
    last_seen_at: now,
    refresh_jti: refreshJti,
  });
  await ctx.audit({
    action: 'login_success',
    userId: user.id,
    detail: { remember_me: rememberMe, ...(owed && { factor_enrolment_required: true }) },
  });
  return { user: authUser, cookies: await issueTokens(ctx, session, refreshJti) };
};

/**
 * Rotates the refresh token. A token that was already rotated away is theft or a replay:
 * its whole session (the family) is revoked, except within a few seconds of the rotation,
 * when it is a second tab racing the first and is answered without new cookies.
 */
export const refreshSession = async (
  ctx: TAuthContext,
  refreshToken: string | undefined,
): Promise<{ cookies: TSessionCookies | undefined }> => {
  const now = ctx.clock();
  const claims =
    refreshToken === undefined
      ? undefined
      : await verifyToken('refresh', refreshToken, { secret: ctx.jwtSecrets, now });
  const found = claims && (await findSessionForRefresh(ctx.db, claims.sessionId));
  if (!claims || !found || found.user.id !== claims.userId) {
    throw sessionExpired();
  }
  const { session, user } = found;
  if (found.refreshJti !== claims.jti) {
    const racing =
      session.revoked_at === null &&
      found.previousRefreshJti === claims.jti &&
      session.rotated_at !== null &&
      now - session.rotated_at <= SESSION_POLICY.refreshReuseGraceMs;
    if (racing) {
      return { cookies: undefined };
    }
    await revokeSession(ctx.db, session.id, now);
    await ctx.audit({ action: 'refresh_token_reuse', userId: user.id });
    throw sessionExpired();
  }
  const problem = sessionProblem(session, user, now);
  if (problem) {
    if (problem === 'idle') {
      await revokeSession(ctx.db, session.id, now);
      await ctx.audit({ action: 'session_timeout', userId: user.id });
    }
    throw sessionExpired();
  }
  const newJti = randomToken(16);
  const won = await rotateRefreshJti(ctx.db, {
    sessionId: session.id,
    expectedJti: claims.jti,
    newJti,
    now,
  });
  // Losing the compare-and-set means a concurrent refresh rotated it a moment ago.
  return { cookies: won ? await issueTokens(ctx, session, newJti) : undefined };
};

/**
 * The session a logout ends: named by the access token, or by the refresh token once the
 * access token has lapsed. Either way the CSRF header must match the token used.
 */
export const logout = async (
  ctx: TAuthContext,
  tokens: { access: string | undefined; refresh: string | undefined },
  csrfMatches: (expected: string) => boolean,
) => {
  const now = ctx.clock();
  const options = { secret: ctx.jwtSecrets, now };
  // The CSRF header the client sends pairs with whichever access cookie it still holds, so an
  // expired access token (a browser-session cookie outlives it) is read rather than skipped.
  const claims =
    (tokens.access &&
      (await verifyToken('access', tokens.access, { ...options, allowExpired: true }))) ||
    (tokens.refresh && (await verifyToken('refresh', tokens.refresh, options))) ||
    undefined;
  if (!claims) {
    return;
  }
  if (!csrfMatches(claims.csrf)) {
    throw new AppError('forbidden', 'Missing or invalid CSRF token');
  }
  await revokeSession(ctx.db, claims.sessionId, now);
  await ctx.audit({ action: 'logout', userId: claims.userId });
};

import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type {
  TChangePasswordInput,
  TResetPasswordWithTokenInput,
  TVerifyResetTokenResponse,
} from '@portal/domain/auth-api';
import { AUTH_MESSAGES } from '@portal/domain/messages';
import { PASSWORD_POLICY_MESSAGES } from '@portal/domain/passwords';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { RESET_TOKEN_TTL_MS } from '../../lib/session-policy';
import { enqueueMail } from '../../mail/outbox';
import type { TAuth } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import {
  findPasswordHash,
  findUserByEmail,
  findUserById,
  normaliseEmail,
} from '../users/repository';
import type { TAuthContext } from './context';
import { resetPasswordMail } from './mail-templates';
import { assertAcceptablePassword } from './password-policy';
import { forgetAttempts, takeAttempt } from './rate-limit';
import {
  consumeResetToken,
  findResetTokenByHash,
  insertResetToken,
  storeNewPassword,
  voidResetTokens,
} from './repository';
import { randomToken } from './service';
import { revokeUserSessions } from './session-repository';

/**
 * Forgot-password answers no sooner than this, whether or not the email has an account;
 * the work behind a known email (a token and a queued mail) takes a few milliseconds.
 */
export const FORGOT_PASSWORD_ANSWER_MS = 300;

export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for that email, a password reset link has been sent.';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const invalidToken = () => new AppError('bad_request', AUTH_MESSAGES.invalidResetToken);

/**
 * One rule for every way of setting a password: the one the account has now is refused,
 * with the same message, whether the user is signed in or came by an emailed link.
 */
const assertNotCurrentPassword = async (currentHash: string | null, candidate: string) => {
  if (currentHash && (await verifyPassword(currentHash, candidate))) {
    throw new AppError('bad_request', PASSWORD_POLICY_MESSAGES.sameAsCurrent);
  }
};

export const requestPasswordReset = async (ctx: TAuthContext, rawEmail: string) => {
  const answerAt = sleep(FORGOT_PASSWORD_ANSWER_MS);
  const email = normaliseEmail(rawEmail);
  const now = ctx.clock();
  await takeAttempt(ctx.db, { kind: 'forgot_password', ip: ctx.ip, account: email, now });
  const user = await findUserByEmail(ctx.db, email);
  if (user?.is_active === 1) {
    const token = randomToken(32);
    await ctx.db.transaction().execute(async (trx) => {
      await voidResetTokens(trx, user.id, now);
      await insertResetToken(trx, {
        user_id: user.id,
        token_hash: hashToken(token),
        created_at: now,
        expires_at: now + RESET_TOKEN_TTL_MS,
      });
      await enqueueMail(
        trx,
        resetPasswordMail({ to: user.email, appOrigin: ctx.appOrigin, token }),
        now,
      );
    });
    ctx.wakeMail();
  }
  await ctx.audit({
    action: 'password_reset_requested',
    userId: user?.id ?? null,
    detail: { email },
  });
  await answerAt;
  return { success: true, message: FORGOT_PASSWORD_MESSAGE };
};

/** The token's row and user while the token is unused, unexpired and its user active. */
const usableToken = async (ctx: TAuthContext, token: string) => {
  const row = await findResetTokenByHash(ctx.db, hashToken(token));
  if (!row || row.consumed_at !== null || row.expires_at <= ctx.clock()) {
    return undefined;
  }
  const user = await findUserById(ctx.db, row.user_id);
  return user?.is_active === 1 ? { row, user } : undefined;
};

export const verifyResetToken = async (
  ctx: TAuthContext,
  token: string,
): Promise<TVerifyResetTokenResponse> => {
  const usable = await usableToken(ctx, token);
  return usable
    ? { valid: true, email: usable.user.email }
    : { valid: false, error: AUTH_MESSAGES.invalidResetToken };
};

/** Sets the new password, uses the token up and signs the user out everywhere. */
export const resetPasswordWithToken = async (
  ctx: TAuthContext,
  input: TResetPasswordWithTokenInput,
) => {
  const usable = await usableToken(ctx, input.token);
  if (!usable) {
    throw invalidToken();
  }
  const { row, user } = usable;
  assertAcceptablePassword(input.new_password, user.email);
  await assertNotCurrentPassword(await findPasswordHash(ctx.db, user.id), input.new_password);
  const passwordHash = await hashPassword(input.new_password);
  const now = ctx.clock();
  await ctx.db.transaction().execute(async (trx) => {
    // The conditional update decides between two concurrent uses of one token.
    if (!(await consumeResetToken(trx, row.id, now))) {
      throw invalidToken();
    }
    await storeNewPassword(trx, { userId: user.id, passwordHash, now });
    await revokeUserSessions(trx, user.id, now);
  });
  await ctx.audit({ action: 'password_reset', userId: user.id });
  return { success: true, message: 'Password has been reset successfully' };
};

/**
 * Changes the signed-in user's password. The current password is asked for unless the user
 * must set a first password (they proved the temporary one when signing in). Every other
 * session of the user ends; this one stays.
 */
export const changePassword = async (
  ctx: TAuthContext,
  auth: TAuth,
  input: TChangePasswordInput,
) => {
  const { user, session } = auth;
  const forced = user.password_reset_required === 1;
  const currentHash = await findPasswordHash(ctx.db, user.id);
  if (!forced) {
    if (!input.current_password) {
      throw new AppError('bad_request', 'Current password is required');
    }
    const attempts = await takeAttempt(ctx.db, {
      kind: 'change_password',
      ip: ctx.ip,
      account: String(user.id),
      now: ctx.clock(),
    });
    if (!currentHash || !(await verifyPassword(currentHash, input.current_password))) {
      throw new AppError('bad_request', 'Current password is incorrect');
    }
    await forgetAttempts(ctx.db, attempts);
  }
  assertAcceptablePassword(input.new_password, user.email);
  await assertNotCurrentPassword(currentHash, input.new_password);
  const passwordHash = await hashPassword(input.new_password);
  const now = ctx.clock();
  await ctx.db.transaction().execute(async (trx) => {
    await storeNewPassword(trx, { userId: user.id, passwordHash, now });
    await revokeUserSessions(trx, user.id, now, { except: session.id });
  });
  await ctx.audit({ action: 'password_change', userId: user.id, detail: { forced } });
  return { success: true, message: AUTH_MESSAGES.passwordUpdated };
};

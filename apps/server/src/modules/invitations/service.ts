import {
  FIRST_ACCESS_MESSAGES,
  type TAcceptInvitationInput,
  type TVerifyInvitationResponse,
} from '@portal/domain/first-access';
import { hashPassword } from '../../lib/passwords';
import { AppError } from '../../plugins/errors';
import type { TAuthContext } from '../auth/context';
import { hashToken } from '../auth/password-service';
import { assertAcceptablePassword } from '../auth/password-policy';
import { consumeResetToken, findResetTokenByHash, storeNewPassword } from '../auth/repository';
import { startSession } from '../auth/service';
import { revokeUserSessions } from '../auth/session-repository';
import { findUserById } from '../users/repository';

/**
 * One answer for every link that cannot be used (unknown, used, expired, its user
 * deactivated), so a link tells nothing about any account but its own.
 */
const invalidInvitation = () =>
  new AppError('bad_request', FIRST_ACCESS_MESSAGES.invalidInvitation);

/** The invitation's row and user while it is unused, unexpired and its user active. */
const usableInvitation = async (ctx: TAuthContext, token: string) => {
  const row = await findResetTokenByHash(ctx.db, hashToken(token), 'invitation');
  if (!row || row.consumed_at !== null || row.expires_at <= ctx.clock()) {
    return undefined;
  }
  const user = await findUserById(ctx.db, row.user_id);
  return user?.is_active === 1 ? { row, user } : undefined;
};

export const verifyInvitation = async (
  ctx: TAuthContext,
  token: string,
): Promise<TVerifyInvitationResponse> => {
  const usable = await usableInvitation(ctx, token);
  return usable
    ? { valid: true, email: usable.user.email }
    : { valid: false, error: FIRST_ACCESS_MESSAGES.invalidInvitation };
};

/**
 * Sets the invited user's first password (the password policy applies), uses the link up
 * and signs them in. The session is started like any sign-in's, so a role that requires a
 * second factor owes its enrolment next.
 */
export const acceptInvitation = async (ctx: TAuthContext, input: TAcceptInvitationInput) => {
  const usable = await usableInvitation(ctx, input.token);
  if (!usable) {
    throw invalidInvitation();
  }
  const { row, user } = usable;
  assertAcceptablePassword(input.new_password, user.email);
  const passwordHash = await hashPassword(input.new_password);
  const now = ctx.clock();
  await ctx.db.transaction().execute(async (trx) => {
    // The conditional update decides between two concurrent uses of one link.
    if (!(await consumeResetToken(trx, row.id, now))) {
      throw invalidInvitation();
    }
    await storeNewPassword(trx, { userId: user.id, passwordHash, now });
    await revokeUserSessions(trx, user.id, now);
  });
  await ctx.audit({ action: 'password_reset', userId: user.id, detail: { via: 'invitation' } });
  const fresh = await findUserById(ctx.db, user.id);
  if (!fresh) {
    throw invalidInvitation();
  }
  return startSession(ctx, fresh, false);
};

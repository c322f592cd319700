import { PROFILE_MESSAGES, type TProfile } from '@portal/domain/profile-api';
import type { z } from 'zod';
import type { ZProfileUpdate } from '@portal/domain/profile-api';
import { verifyPassword } from '../../lib/passwords';
import { enqueueMail } from '../../mail/outbox';
import type { TAuth } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import type { TAuthContext } from '../auth/context';
import { forgetAttempts, takeAttempt } from '../auth/rate-limit';
import type { TSignedInUser } from '../auth/session-repository';
import {
  findPasswordHash,
  findUserByEmail,
  normaliseEmail,
  type TUserRow,
} from '../users/repository';
import { emailChangedMail } from './mail-templates';
import { isUniqueViolation, storeProfile } from './repository';

export const presentProfile = (user: Pick<TUserRow, 'username' | 'email'>): TProfile => ({
  username: user.username,
  email: user.email,
});

const emailTaken = () => new AppError('conflict', PROFILE_MESSAGES.emailTaken);

/**
 * A new email is the account's sign-in name, so changing it asks for the current password,
 * under the same guessing limits as a password change (auth/rate-limit.ts).
 */
const confirmPassword = async (ctx: TAuthContext, user: TSignedInUser, password?: string) => {
  if (!password) {
    throw new AppError('bad_request', PROFILE_MESSAGES.currentPasswordRequired);
  }
  const attempts = await takeAttempt(ctx.db, {
    kind: 'change_password',
    ip: ctx.ip,
    account: String(user.id),
    now: ctx.clock(),
  });
  const hash = await findPasswordHash(ctx.db, user.id);
  if (!hash || !(await verifyPassword(hash, password))) {
    throw new AppError('bad_request', PROFILE_MESSAGES.currentPasswordWrong);
  }
  await forgetAttempts(ctx.db, attempts);
};

/** Renames the user and, with their password, moves the account to another email. */
export const updateProfile = async (
  ctx: TAuthContext,
  auth: TAuth,
  input: z.infer<typeof ZProfileUpdate>,
) => {
  const { user } = auth;
  const email = normaliseEmail(input.email);
  const emailChanged = email !== user.email;
  if (emailChanged) {
    // The password first: without it, no one learns whether another account uses an email.
    await confirmPassword(ctx, user, input.current_password);
    const holder = await findUserByEmail(ctx.db, email);
    if (holder && holder.id !== user.id) {
      throw emailTaken();
    }
  }
  const now = ctx.clock();
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await storeProfile(trx, { userId: user.id, username: input.username, email, now });
      if (emailChanged) {
        await enqueueMail(
          trx,
          emailChangedMail({ to: user.email, newEmail: email, appOrigin: ctx.appOrigin }),
          now,
        );
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw emailTaken();
    }
    throw error;
  }
  if (emailChanged) {
    ctx.wakeMail();
  }
  await ctx.audit({
    action: 'profile_update',
    userId: user.id,
    detail: {
      name_changed: input.username !== user.username,
      ...(emailChanged ? { email_from: user.email, email_to: email } : {}),
    },
  });
  return {
    success: true as const,
    message: PROFILE_MESSAGES.updated,
    ...presentProfile({ username: input.username, email }),
  };
};

import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  EMAIL_CHANGE_LINK_HOURS,
  PROFILE_MESSAGES,
  emailChangeRequestedMessage,
  emailChangedMessage,
  type ZConfirmEmailInput,
  type TConfirmEmailResponse,
  type TProfile,
  type ZProfileUpdate,
} from '@portal/domain/profile-api';
import type { Database } from '../../db/schema';
import { verifyPassword } from '../../lib/passwords';
import { enqueueMail } from '../../mail/outbox';
import type { TAuth } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import type { TAuthContext } from '../auth/context';
import { forgetAttempts, takeAttempt } from '../auth/rate-limit';
import { voidResetTokens } from '../auth/repository';
import { randomToken } from '../auth/service';
import type { TSignedInUser } from '../auth/session-repository';
import {
  findPasswordHash,
  findUserByEmail,
  findUserById,
  normaliseEmail,
  type TUserRow,
} from '../users/repository';
import {
  confirmEmailMail,
  emailChangeRequestedMail,
  emailChangedMail,
  emailInUseMail,
} from './mail-templates';
import {
  consumeEmailChange,
  deleteEmailChanges,
  findEmailChangeByHash,
  insertEmailChange,
  isUniqueViolation,
  storeEmail,
  storeUsername,
} from './repository';

const EMAIL_CHANGE_LINK_MS = EMAIL_CHANGE_LINK_HOURS * 60 * 60_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const presentProfile = (user: Pick<TUserRow, 'username' | 'email'>): TProfile => ({
  username: user.username,
  email: user.email,
});

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

/**
 * Replaces the user's pending change with one to `email` and tells both addresses. A free
 * address gets the link; a taken one gets a note instead, and no change is stored, so only
 * that address's owner learns that it has an account.
 */
const requestEmailChange = async (
  trx: Kysely<Database>,
  options: { user: TSignedInUser; email: string; taken: boolean; appOrigin: string; now: number },
) => {
  const { user, email, appOrigin, now } = options;
  await deleteEmailChanges(trx, user.id);
  if (options.taken) {
    await enqueueMail(trx, emailInUseMail({ to: email, appOrigin }), now);
  } else {
    const token = randomToken(32);
    await insertEmailChange(trx, {
      user_id: user.id,
      new_email: email,
      token_hash: hashToken(token),
      created_at: now,
      expires_at: now + EMAIL_CHANGE_LINK_MS,
    });
    await enqueueMail(trx, confirmEmailMail({ to: email, appOrigin, token }), now);
  }
  await enqueueMail(
    trx,
    emailChangeRequestedMail({ to: user.email, newEmail: email, appOrigin }),
    now,
  );
};

/**
 * Renames the user at once and, with their password, asks the new email address to confirm
 * a change to it. The answer is the same whether or not another account uses that address.
 */
export const updateProfile = async (
  ctx: TAuthContext,
  auth: TAuth,
  input: z.infer<typeof ZProfileUpdate>,
) => {
  const { user } = auth;
  const email = normaliseEmail(input.email);
  const emailChanged = email !== user.email;
  let taken = false;
  if (emailChanged) {
    await confirmPassword(ctx, user, input.current_password);
    // Every request that passed the password mails two addresses, so each one counts.
    await takeAttempt(ctx.db, {
      kind: 'email_change',
      ip: ctx.ip,
      account: String(user.id),
      now: ctx.clock(),
    });
    taken = (await findUserByEmail(ctx.db, email)) !== undefined;
  }
  const now = ctx.clock();
  await ctx.db.transaction().execute(async (trx) => {
    await storeUsername(trx, { userId: user.id, username: input.username, now });
    if (emailChanged) {
      await requestEmailChange(trx, { user, email, taken, appOrigin: ctx.appOrigin, now });
    }
  });
  if (emailChanged) {
    ctx.wakeMail();
  }
  await ctx.audit({
    action: 'profile_update',
    userId: user.id,
    detail: {
      name_changed: input.username !== user.username,
      ...(emailChanged ? { email_requested: email, ...(taken ? { email_taken: true } : {}) } : {}),
    },
  });
  return {
    success: true as const,
    message: emailChanged ? emailChangeRequestedMessage(email) : PROFILE_MESSAGES.updated,
    ...presentProfile({ username: input.username, email: user.email }),
  };
};

const invalidLink = () => new AppError('bad_request', PROFILE_MESSAGES.emailLinkInvalid);
const takenAtConfirm = () => new AppError('conflict', PROFILE_MESSAGES.emailTakenAtConfirm);

/**
 * Moves the account to the address the link was mailed to. The token alone authorises it
 * (the link may be opened where nobody is signed in); it works once and expires. Other
 * sessions stay signed in, as the password did not change; reset links mailed to the old
 * address end, as that address no longer names the account.
 */
export const confirmEmailChange = async (
  ctx: TAuthContext,
  input: z.infer<typeof ZConfirmEmailInput>,
): Promise<TConfirmEmailResponse> => {
  const now = ctx.clock();
  const change = await findEmailChangeByHash(ctx.db, hashToken(input.token));
  if (!change || change.expires_at <= now) {
    throw invalidLink();
  }
  const user = await findUserById(ctx.db, change.user_id);
  if (user?.is_active !== 1) {
    throw invalidLink();
  }
  const email = change.new_email;
  const outcome = await ctx.db
    .transaction()
    .execute(async (trx) => {
      // The conditional delete decides between two concurrent uses of one link.
      if (!(await consumeEmailChange(trx, change.id, now))) {
        return 'invalid' as const;
      }
      const holder = await findUserByEmail(trx, email);
      if (holder && holder.id !== user.id) {
        // The link is spent either way: the address stays another account's.
        return 'taken' as const;
      }
      await storeEmail(trx, { userId: user.id, email, now });
      await deleteEmailChanges(trx, user.id);
      await voidResetTokens(trx, user.id, now);
      await enqueueMail(trx, emailChangedMail({ to: user.email, newEmail: email }), now);
      return 'changed' as const;
    })
    .catch((error: unknown) => {
      // Two accounts claiming one address at the same moment: the unique key decides.
      if (isUniqueViolation(error)) {
        return 'taken' as const;
      }
      throw error;
    });
  if (outcome === 'invalid') {
    throw invalidLink();
  }
  if (outcome === 'taken') {
    throw takenAtConfirm();
  }
  ctx.wakeMail();
  await ctx.audit({
    action: 'email_change',
    userId: user.id,
    detail: { email_from: user.email, email_to: email },
  });
  return { success: true, message: emailChangedMessage(email), email };
};

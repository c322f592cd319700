import type { Kysely } from 'kysely';
import {
  MFA_MESSAGES,
  ZRecoveryCode,
  ZTotpCode,
  type TFactorConfirmation,
  type TSecondFactor,
} from '@portal/domain/mfa-api';
import { MFA_POLICY_MESSAGES } from '@portal/domain/mfa-policy-api';
import type { Database } from '../../db/schema';
import { verifyPassword } from '../../lib/passwords';
import { AppError } from '../../plugins/errors';
import type { TAuthContext } from '../auth/context';
import { forgetAttempts, takeAttempt } from '../auth/rate-limit';
import { challengeId, startSession } from '../auth/service';
import { findPasswordHash, findUserById } from '../users/repository';
import { openFactorSecret, sealFactorSecret, type TSealingKeys } from './factor-secret';
import { roleRequiresFactor } from './policy';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';
import {
  confirmedFactors,
  finishChallenge,
  replaceRecoveryCodes,
  resealSecret,
  spendRecoveryCode,
  takeChallengeTry,
  takeStep,
} from './repository';
import { checkTotpCode } from './totp';

/**
 * Whether a code from one of the user's authenticator apps is right, and not used before:
 * the factor takes the code's step in one conditional update.
 */
export const totpCodeAccepted = async (
  db: Kysely<Database>,
  keys: TSealingKeys,
  options: { userId: number; code: string; now: number },
) => {
  const code = ZTotpCode.safeParse(options.code);
  if (!code.success) {
    return false;
  }
  for (const factor of await confirmedFactors(db, options.userId)) {
    if (factor.kind !== 'totp') {
      continue;
    }
    const { secret, reseal } = openFactorSecret(factor.secret, keys, options.userId);
    if (reseal) {
      await resealSecret(db, factor.id, sealFactorSecret(secret, keys, options.userId));
    }
    const check = await checkTotpCode(secret, code.data, {
      now: options.now,
      afterStep: factor.last_step,
    });
    if (
      check.valid &&
      (await takeStep(db, { factorId: factor.id, step: check.step, now: options.now }))
    ) {
      return true;
    }
  }
  return false;
};

const secondFactorAccepted = async (
  db: Kysely<Database>,
  keys: TSealingKeys,
  options: { userId: number; method: TSecondFactor; code: string; now: number },
) => {
  if (options.method === 'totp') {
    return totpCodeAccepted(db, keys, options);
  }
  const code = ZRecoveryCode.safeParse(options.code);
  return (
    code.success &&
    spendRecoveryCode(db, {
      userId: options.userId,
      hash: hashRecoveryCode(options.userId, code.data),
      now: options.now,
    })
  );
};

const expired = () => new AppError('unauthorized', MFA_MESSAGES.challengeExpired);

/**
 * The sign-in's second step: a live challenge (five codes at most), a right code, then the
 * session the password alone did not make. Wrong codes count against the account as wrong
 * passwords do (rate-limit.ts), so a stolen password cannot be followed by guessing.
 */
export const completeSignIn = async (
  ctx: TAuthContext,
  keys: TSealingKeys,
  input: { challenge: string; method: TSecondFactor; code: string },
) => {
  const now = ctx.clock();
  const id = challengeId(input.challenge);
  const challenge = await takeChallengeTry(ctx.db, id, now);
  const user = challenge && (await findUserById(ctx.db, challenge.user_id));
  if (!challenge || !user || user.is_active !== 1) {
    throw expired();
  }
  const attempts = await takeAttempt(ctx.db, {
    kind: 'second_factor',
    ip: ctx.ip,
    account: `user:${user.id}`,
    now,
  });
  const accepted = await secondFactorAccepted(ctx.db, keys, {
    userId: user.id,
    method: input.method,
    code: input.code,
    now,
  });
  if (!accepted) {
    await ctx.audit({
      action: 'second_factor_failure',
      userId: user.id,
      detail: { method: input.method },
    });
    throw new AppError(
      'unauthorized',
      input.method === 'totp' ? MFA_MESSAGES.codeWrong : MFA_MESSAGES.recoveryCodeWrong,
    );
  }
  await forgetAttempts(ctx.db, attempts);
  if (!(await finishChallenge(ctx.db, id, now))) {
    throw expired();
  }
  await ctx.audit({
    action: 'second_factor_success',
    userId: user.id,
    detail: { method: input.method },
  });
  return startSession(ctx, user, challenge.remember_me === 1);
};

/** Ten new recovery codes for the user, the old ones ended; answered once, stored hashed. */
export const renewRecoveryCodes = async (db: Kysely<Database>, userId: number, now: number) => {
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(db, {
    userId,
    hashes: codes.map((code) => hashRecoveryCode(userId, code)),
    now,
  });
  return codes;
};

/**
 * A change to the user's sign-in methods needs the password or a current app code (a
 * session left open is not enough); both count as tries against the account.
 */
export const confirmIdentity = async (
  ctx: TAuthContext,
  keys: TSealingKeys,
  input: TFactorConfirmation & { userId: number },
) => {
  const now = ctx.clock();
  if (!input.password && !input.code) {
    throw new AppError('bad_request', MFA_MESSAGES.confirmRemoval);
  }
  const attempts = await takeAttempt(ctx.db, {
    kind: input.password ? 'change_password' : 'second_factor',
    ip: ctx.ip,
    account: `user:${input.userId}`,
    now,
  });
  const hash = input.password ? await findPasswordHash(ctx.db, input.userId) : null;
  const confirmed = input.password
    ? hash !== null && (await verifyPassword(hash, input.password))
    : await totpCodeAccepted(ctx.db, keys, { userId: input.userId, code: input.code!, now });
  if (!confirmed) {
    throw new AppError(
      'bad_request',
      input.password ? MFA_MESSAGES.passwordWrong : MFA_MESSAGES.codeWrong,
    );
  }
  await forgetAttempts(ctx.db, attempts);
};

/**
 * A user whose role requires a second factor keeps at least one: removing the last is
 * refused (an admin can still reset them, modules/mfa/admin-routes.ts).
 */
export const refuseRemovingLastRequired = async (
  db: Kysely<Database>,
  user: { id: number; role: string },
  factorId: number,
) => {
  const others = (await confirmedFactors(db, user.id)).filter((factor) => factor.id !== factorId);
  if (others.length === 0 && (await roleRequiresFactor(db, user.role))) {
    throw new AppError('bad_request', MFA_POLICY_MESSAGES.lastFactorRequired);
  }
};

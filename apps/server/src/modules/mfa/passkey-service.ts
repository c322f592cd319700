import { MFA_MESSAGES, type TFactor, type TPasskeyCredential } from '@portal/domain/mfa-api';
import { AppError } from '../../plugins/errors';
import type { TAuthContext } from '../auth/context';
import { forgetAttempts, takeAttempt } from '../auth/rate-limit';
import { challengeId, startSession } from '../auth/service';
import { findUserById } from '../users/repository';
import {
  findPasskey,
  insertPasskey,
  recordPasskeyUse,
  takeCeremony,
  type TCeremonyPurpose,
} from './passkey-repository';
import { checkAssertion, checkRegistration, credentialHash, type TRelyingParty } from './passkeys';
import { clearOwedEnrolment } from './policy';
import { finishChallenge, recoveryCodesLeft, takeChallengeTry } from './repository';
import { renewRecoveryCodes } from './service';

/**
 * A new passkey's answer: its ceremony (this user's, live, spent now), the attestation
 * checked against the ceremony's challenge and the portal's origin, then the passkey stored.
 * The user's first factor comes with ten recovery codes.
 */
export const addPasskey = async (
  ctx: TAuthContext,
  rp: TRelyingParty,
  input: { userId: number; ceremony: string; name: string; credential: TPasskeyCredential },
) => {
  const now = ctx.clock();
  const ceremony = await takeCeremony(ctx.db, {
    id: challengeId(input.ceremony),
    purposes: ['register'],
    now,
  });
  if (!ceremony || ceremony.user_id !== input.userId) {
    throw new AppError('bad_request', MFA_MESSAGES.passkeyTimedOut);
  }
  const info = await checkRegistration(rp, input.credential, ceremony.challenge);
  if (!info) {
    await ctx.audit({
      action: 'factor_enrol',
      userId: input.userId,
      outcome: 'denied',
      detail: { kind: 'passkey' },
    });
    throw new AppError('bad_request', MFA_MESSAGES.passkeyNotAdded);
  }
  const hash = credentialHash(info.credential.id);
  if (await findPasskey(ctx.db, hash)) {
    throw new AppError('bad_request', MFA_MESSAGES.passkeyKnown);
  }
  const firstFactor = (await recoveryCodesLeft(ctx.db, input.userId)) === 0;
  const factorId = await insertPasskey(ctx.db, {
    userId: input.userId,
    name: input.name,
    credentialHash: hash,
    credentialId: info.credential.id,
    publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
    signCount: info.credential.counter,
    transports: (input.credential.response.transports ?? info.credential.transports ?? [])
      .filter((transport) => /^[a-z-]{1,20}$/.test(transport))
      .join(','),
    passwordless: ceremony.passwordless === 1,
    backedUp: info.credentialBackedUp,
    now,
  });
  const codes = firstFactor ? await renewRecoveryCodes(ctx.db, input.userId, now) : undefined;
  // A session that owed a factor (the role's policy) owes it no more.
  await clearOwedEnrolment(ctx.db, input.userId);
  await ctx.audit({
    action: 'factor_enrol',
    userId: input.userId,
    detail: { kind: 'passkey', factor_id: factorId, passwordless: ceremony.passwordless === 1 },
  });
  const factor: TFactor = {
    id: factorId,
    kind: 'passkey',
    name: input.name,
    created_at: new Date(now).toISOString(),
    last_used_at: null,
    signs_in_alone: ceremony.passwordless === 1,
  };
  return {
    message: codes ? MFA_MESSAGES.passkeyAddedWithCodes : MFA_MESSAGES.passkeyAdded,
    factor,
    ...(codes ? { recovery_codes: codes } : {}),
  };
};

const wrong = () => new AppError('unauthorized', MFA_MESSAGES.passkeyWrong);

/**
 * The user a passkey sign-in is for, and the remember-me choice: after the password, the
 * password step's challenge (a try counted against it, as a code would be); alone, whoever
 * owns the passkey the browser chose, if they let it sign in without the password.
 */
const signInSubject = async (
  ctx: TAuthContext,
  ceremony: { purpose: string; login_challenge_id: string | null; remember_me: number },
  passkey: Awaited<ReturnType<typeof findPasskey>>,
) => {
  const now = ctx.clock();
  if (ceremony.purpose === 'second_factor') {
    const challenge =
      ceremony.login_challenge_id === null
        ? undefined
        : await takeChallengeTry(ctx.db, ceremony.login_challenge_id, now);
    const user = challenge && (await findUserById(ctx.db, challenge.user_id));
    if (!challenge || !user || user.is_active !== 1) {
      throw new AppError('unauthorized', MFA_MESSAGES.challengeExpired);
    }
    return { user, rememberMe: challenge.remember_me === 1, loginChallengeId: challenge.id };
  }
  const user = passkey && (await findUserById(ctx.db, passkey.user_id));
  if (!passkey || !user || user.is_active !== 1 || passkey.passwordless !== 1) {
    await ctx.audit({
      action: 'passkey_sign_in_failure',
      userId: user?.id ?? null,
      detail: { reason: passkey ? 'not_allowed' : 'unknown_passkey' },
    });
    throw wrong();
  }
  return { user, rememberMe: ceremony.remember_me === 1, loginChallengeId: null };
};

/**
 * A sign-in with a passkey: after the password (the second step) or alone. The ceremony is
 * spent first, so an answer counts once; the passkey must be the user's, its assertion signed
 * for the ceremony's challenge and the portal's origin, its counter grown; tries count
 * against the account as codes do. Then the session, as any sign-in makes it.
 */
export const signInWithPasskey = async (
  ctx: TAuthContext,
  rp: TRelyingParty,
  input: { ceremony: string; credential: TPasskeyCredential },
) => {
  const now = ctx.clock();
  const purposes: TCeremonyPurpose[] = ['second_factor', 'sign_in'];
  const ceremony = await takeCeremony(ctx.db, { id: challengeId(input.ceremony), purposes, now });
  if (!ceremony) {
    throw new AppError('unauthorized', MFA_MESSAGES.passkeyCancelled);
  }
  const alone = ceremony.purpose === 'sign_in';
  const passkey = await findPasskey(ctx.db, credentialHash(input.credential.id));
  const { user, rememberMe, loginChallengeId } = await signInSubject(ctx, ceremony, passkey);
  const attempts = await takeAttempt(ctx.db, {
    kind: 'second_factor',
    ip: ctx.ip,
    account: `user:${user.id}`,
    now,
  });
  const check =
    passkey && passkey.user_id === user.id
      ? await checkAssertion(rp, input.credential, {
          challenge: ceremony.challenge,
          stored: passkey,
          requireUserVerification: alone,
        })
      : { ok: false as const, reason: 'not_this_user' };
  if (!check.ok) {
    await ctx.audit({
      action: alone ? 'passkey_sign_in_failure' : 'second_factor_failure',
      userId: user.id,
      detail: { method: 'passkey', reason: check.reason, factor_id: passkey?.factor_id ?? null },
    });
    throw wrong();
  }
  await forgetAttempts(ctx.db, attempts);
  await recordPasskeyUse(ctx.db, {
    factorId: passkey!.factor_id,
    newCount: check.info.newCounter,
    backedUp: check.info.credentialBackedUp,
    now,
  });
  if (loginChallengeId !== null && !(await finishChallenge(ctx.db, loginChallengeId, now))) {
    throw new AppError('unauthorized', MFA_MESSAGES.challengeExpired);
  }
  await ctx.audit({
    action: alone ? 'passkey_sign_in_success' : 'second_factor_success',
    userId: user.id,
    detail: { method: 'passkey', factor_id: passkey!.factor_id },
  });
  return startSession(ctx, user, rememberMe);
};

import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import {
  MFA_MESSAGES,
  type TPasskeyCredential,
  type TPasskeyRegistrationOptionsInput,
} from '@portal/domain/mfa-api';
import { AppError } from '../../plugins/errors';
import type { TAuthContext } from '../auth/context';
import { challengeId, randomToken } from '../auth/service';
import { insertCeremony, passkeysOf, type TCeremonyPurpose } from './passkey-repository';

/**
 * Passkeys (WebAuthn, issue 35; decisions.md, "Passkeys"): the relying party the portal is,
 * and the options each prompt starts from. Verifying what the browser answers is in
 * passkey-service.ts.
 */

export type TRelyingParty = { id: string; origin: string; name: string };

const RP_NAME = 'Supplier Portal';

const isLoopback = (address: string) => address === '::1' || /^127\./.test(address);

/**
 * The relying party from the portal's configured address: its host name, and the address as
 * the browser's origin. WebAuthn refuses IP addresses as relying parties; a loopback address
 * (a developer's or the e2e portal's http://127.0.0.1:port) is served as 'localhost' on the
 * same port instead, which browsers treat as secure. Null for any other IP address: passkeys
 * need a domain name.
 */
export const relyingPartyOf = (appOrigin: string): TRelyingParty | null => {
  const url = new URL(appOrigin);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) === 0) {
    return { id: host, origin: url.origin, name: RP_NAME };
  }
  if (!isLoopback(host)) {
    return null;
  }
  return {
    id: 'localhost',
    origin: `${url.protocol}//localhost${url.port ? `:${url.port}` : ''}`,
    name: RP_NAME,
  };
};

export const requireRelyingParty = (rp: TRelyingParty | null) => {
  if (!rp) {
    throw new AppError('bad_request', MFA_MESSAGES.passkeyUnavailable);
  }
  return rp;
};

/** A credential id (base64url) as it is looked up: its SHA-256. */
export const credentialHash = (credentialId: string) =>
  createHash('sha256').update(credentialId).digest('hex');

export const transportsOf = (stored: string) =>
  stored ? (stored.split(',') as AuthenticatorTransport[]) : [];

/** The options as the API answers them: a JSON object for the browser. */
const json = (options: object) => options as Record<string, unknown>;

/** Stores a ceremony for the prompt's challenge; answers the token its client sends back. */
const newCeremony = async (
  ctx: TAuthContext,
  options: {
    purpose: TCeremonyPurpose;
    challenge: string;
    userId: number | null;
    loginChallengeId?: string;
    rememberMe?: boolean;
    passwordless?: boolean;
  },
) => {
  const ceremony = randomToken();
  await insertCeremony(ctx.db, { ...options, id: challengeId(ceremony), now: ctx.clock() });
  return ceremony;
};

/**
 * Options to create a passkey for the signed-in user: any authenticator (the device's own
 * or a security key), user verification preferred, no attestation asked (the portal trusts
 * no vendor list). One the user lets sign in alone must be discoverable (a resident key);
 * the user's other passkeys are excluded, so one authenticator is not added twice.
 */
export const passkeyRegistrationOptions = async (
  ctx: TAuthContext,
  rp: TRelyingParty,
  user: { id: number; email: string },
  input: Required<TPasskeyRegistrationOptionsInput>,
) => {
  const existing = await passkeysOf(ctx.db, user.id);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.email,
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({
      id: passkey.credential_id,
      transports: transportsOf(passkey.transports),
    })),
    authenticatorSelection: {
      residentKey: input.passwordless ? 'required' : 'discouraged',
      userVerification: 'preferred',
    },
    timeout: 120_000,
  });
  const ceremony = await newCeremony(ctx, {
    purpose: 'register',
    challenge: options.challenge,
    userId: user.id,
    passwordless: input.passwordless,
  });
  return { ceremony, options: json(options) };
};

/**
 * Options to sign in with a passkey: after the password, one of the user's passkeys (user
 * verification preferred, as for a second factor); alone, any discoverable passkey the
 * browser offers, with user verification required (the passkey then stands for two factors).
 */
export const passkeySignInOptions = async (
  ctx: TAuthContext,
  rp: TRelyingParty,
  input:
    | { kind: 'second_factor'; userId: number; loginChallengeId: string }
    | { kind: 'sign_in'; rememberMe: boolean },
) => {
  if (input.kind === 'sign_in') {
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      userVerification: 'required',
      timeout: 120_000,
    });
    const ceremony = await newCeremony(ctx, {
      purpose: 'sign_in',
      challenge: options.challenge,
      userId: null,
      rememberMe: input.rememberMe,
    });
    return { ceremony, options: json(options) };
  }
  const passkeys = await passkeysOf(ctx.db, input.userId);
  if (passkeys.length === 0) {
    throw new AppError('bad_request', MFA_MESSAGES.noPasskey);
  }
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: passkeys.map((passkey) => ({
      id: passkey.credential_id,
      transports: transportsOf(passkey.transports),
    })),
    userVerification: 'preferred',
    timeout: 120_000,
  });
  const ceremony = await newCeremony(ctx, {
    purpose: 'second_factor',
    challenge: options.challenge,
    userId: input.userId,
    loginChallengeId: input.loginChallengeId,
  });
  return { ceremony, options: json(options) };
};

/** What the library checks a new passkey against: the ceremony's challenge and the RP. */
export const checkRegistration = async (
  rp: TRelyingParty,
  credential: TPasskeyCredential,
  challenge: string,
) => {
  if (!credential.response.attestationObject) {
    return undefined;
  }
  try {
    const result = await verifyRegistrationResponse({
      // Checked by ZPasskeyCredential; the attestation's presence just above.
      response: credential as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
    return result.verified ? result.registrationInfo : undefined;
  } catch {
    // Malformed, signed for another challenge or origin: the library throws; all are a no.
    return undefined;
  }
};

/**
 * Checks a sign-in's assertion against the stored passkey. The library refuses a counter
 * that did not grow (when either side keeps one): a cloned authenticator, per its guidance,
 * is refused and the refusal names the reason for the audit trail.
 */
export const checkAssertion = async (
  rp: TRelyingParty,
  credential: TPasskeyCredential,
  options: {
    challenge: string;
    stored: { credential_id: string; public_key: string; sign_count: number; transports: string };
    requireUserVerification: boolean;
  },
) => {
  const { authenticatorData, signature } = credential.response;
  if (!authenticatorData || !signature) {
    return { ok: false as const, reason: 'invalid' };
  }
  try {
    const result = await verifyAuthenticationResponse({
      response: credential as AuthenticationResponseJSON,
      expectedChallenge: options.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: options.stored.credential_id,
        publicKey: Buffer.from(options.stored.public_key, 'base64url'),
        counter: options.stored.sign_count,
        transports: transportsOf(options.stored.transports),
      },
      requireUserVerification: options.requireUserVerification,
    });
    return result.verified
      ? { ok: true as const, info: result.authenticationInfo }
      : { ok: false as const, reason: 'signature' };
  } catch (error) {
    const counter = error instanceof Error && /counter/i.test(error.message);
    return { ok: false as const, reason: counter ? 'counter' : 'invalid' };
  }
};

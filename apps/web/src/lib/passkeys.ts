import {
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import {
  MFA_MESSAGES,
  ZPasskeyOptionsResponse,
  ZPasskeyRegisterInput,
  ZPasskeyRegisterResponse,
  ZSecondFactorResponse,
} from '@portal/domain/mfa-api';
import { ApiError, api } from './api-client';
import { PASSKEY_PROMPT_ERROR } from './passkey-support';

/**
 * Passkeys in the browser (issue 35): the server's options, the browser's prompt
 * (@simplewebauthn/browser), the answer sent back. Loaded only when a passkey is used: every
 * caller imports this module when the user asks for a passkey, never up front.
 */

/** The prompt did not give a passkey: closed, timed out, or refused by the browser. */
export class PasskeyPromptError extends Error {
  override name = PASSKEY_PROMPT_ERROR;
}

const fromPrompt = (error: unknown, registering: boolean) => {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') {
    return new PasskeyPromptError(MFA_MESSAGES.passkeyCancelled);
  }
  if (registering && name === 'InvalidStateError') {
    return new PasskeyPromptError(MFA_MESSAGES.passkeyKnown);
  }
  return new PasskeyPromptError(
    registering ? MFA_MESSAGES.passkeyNotAdded : MFA_MESSAGES.passkeyUnsupported,
  );
};

/**
 * Signs in with a passkey: after the password (the challenge it earned, whose remember-me
 * choice holds), or alone. Answers as the code step does: the signed-in user.
 */
export const signInWithPasskey = async (input: { challenge?: string; rememberMe: boolean }) => {
  const { ceremony, options } = await api.post(
    '/api/login/passkey/options',
    input.challenge ? { challenge: input.challenge } : { remember_me: input.rememberMe },
    { schema: ZPasskeyOptionsResponse },
  );
  let credential;
  try {
    credential = await startAuthentication({
      optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
    });
  } catch (error) {
    throw fromPrompt(error, false);
  }
  return api.post(
    '/api/login/passkey',
    { ceremony, credential },
    { schema: ZSecondFactorResponse },
  );
};

/** Makes a passkey on this device (or a security key) and adds it to the signed-in user. */
export const addPasskey = async (input: { name: string; passwordless: boolean }) => {
  const { ceremony, options } = await api.post(
    '/api/profile/passkeys/options',
    { passwordless: input.passwordless },
    { schema: ZPasskeyOptionsResponse },
  );
  let credential;
  try {
    credential = await startRegistration({
      optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
    });
  } catch (error) {
    throw fromPrompt(error, true);
  }
  return api.post(
    '/api/profile/passkeys',
    ZPasskeyRegisterInput.parse({ ceremony, name: input.name, credential }),
    { schema: ZPasskeyRegisterResponse },
  );
};

/** What a failed passkey step says, and whether the password's challenge has ended. */
export const passkeyFailure = (error: unknown) => ({
  expired: error instanceof ApiError && error.serverError === MFA_MESSAGES.challengeExpired,
  message:
    error instanceof PasskeyPromptError || error instanceof ApiError
      ? error.message
      : MFA_MESSAGES.passkeyWrong,
});

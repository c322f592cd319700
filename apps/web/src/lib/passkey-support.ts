/**
 * Whether this browser can ask for a passkey at all (WebAuthn). Kept apart from passkeys.ts,
 * so a page can decide to offer a passkey without loading the passkey code.
 */
export const browserHasPasskeys = () =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** The name of passkeys.ts's error for a prompt that gave no passkey (its message is for the user). */
export const PASSKEY_PROMPT_ERROR = 'PasskeyPromptError';

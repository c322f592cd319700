/** Passkeys (migration 0030, modules/mfa/passkey-*). */
export type PasskeyCredentialsTable = {
  /** The passkey's row in user_factors (kind 'passkey'). */
  factor_id: number;
  user_id: number;
  /** SHA-256 (hex) of the credential id. */
  credential_hash: string;
  /** base64url. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  sign_count: number;
  /** The authenticator's transports, comma-separated ('internal,hybrid'). */
  transports: string;
  passwordless: number;
  backed_up: number;
};

export type WebauthnChallengesTable = {
  id: string;
  /** 'register', 'second_factor' or 'sign_in'. */
  purpose: string;
  user_id: number | null;
  login_challenge_id: string | null;
  /** base64url, as the authenticator signs it. */
  challenge: string;
  remember_me: number;
  passwordless: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
};

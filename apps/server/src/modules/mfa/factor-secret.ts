import { seal, sealingKey, SecretsKeyError, unseal } from '../../lib/secrets-crypto';

/**
 * A factor's secret at rest (an authenticator app's TOTP key): sealed with AES-256-GCM under
 * SECRETS_KEY when one is set, as the portal's own signing secrets are (lib/secrets-crypto.ts),
 * bound to its user so a sealed value copied to another account does not open. Without
 * SECRETS_KEY it is stored plainly, like those secrets; the README's production setup sets it.
 * While the key is being changed (SECRETS_KEY_PREVIOUS), a secret sealed under the old key
 * still opens, and the caller seals it again under the new one.
 */

export type TSealingKeys = { current: Buffer | undefined; previous: Buffer | undefined };

export const sealingKeysOf = (sources: {
  secretsKey: string | undefined;
  secretsKeyPrevious: string | undefined;
}): TSealingKeys => ({
  current: sources.secretsKey === undefined ? undefined : sealingKey(sources.secretsKey),
  previous:
    sources.secretsKeyPrevious === undefined ? undefined : sealingKey(sources.secretsKeyPrevious),
});

const nameOf = (userId: number) => `user_factor:${userId}`;

export const sealFactorSecret = (secret: string, keys: TSealingKeys, userId: number) =>
  seal(secret, keys.current, nameOf(userId));

/** The secret, and whether it should be sealed again (plain, or under the previous key). */
export const openFactorSecret = (
  stored: string,
  keys: TSealingKeys,
  userId: number,
): { secret: string; reseal: boolean } => {
  const plain = stored.startsWith('plain:');
  try {
    return {
      secret: unseal(stored, keys.current, nameOf(userId)),
      reseal: plain && keys.current !== undefined,
    };
  } catch (error) {
    if (!(error instanceof SecretsKeyError) || keys.previous === undefined) {
      throw error;
    }
    return { secret: unseal(stored, keys.previous, nameOf(userId)), reseal: true };
  }
};

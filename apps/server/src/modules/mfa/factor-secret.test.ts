import { describe, expect, it } from 'vitest';
import { SecretsKeyError } from '../../lib/secrets-crypto';
import { openFactorSecret, sealFactorSecret, sealingKeysOf } from './factor-secret';

const KEY = 'k'.repeat(40);
const OLD = 'o'.repeat(40);
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('factor secrets at rest', () => {
  it('seals under SECRETS_KEY, bound to the user', () => {
    const keys = sealingKeysOf({ secretsKey: KEY, secretsKeyPrevious: undefined });
    const stored = sealFactorSecret(SECRET, keys, 7);
    expect(stored).not.toContain(SECRET);
    expect(openFactorSecret(stored, keys, 7)).toEqual({ secret: SECRET, reseal: false });
    expect(() => openFactorSecret(stored, keys, 8)).toThrow(SecretsKeyError);
  });

  it('opens what the previous key sealed, and what was stored plainly, and asks to seal again', () => {
    const before = sealingKeysOf({ secretsKey: OLD, secretsKeyPrevious: undefined });
    const changing = sealingKeysOf({ secretsKey: KEY, secretsKeyPrevious: OLD });
    const underOld = sealFactorSecret(SECRET, before, 7);
    expect(openFactorSecret(underOld, changing, 7)).toEqual({ secret: SECRET, reseal: true });
    const none = sealingKeysOf({ secretsKey: undefined, secretsKeyPrevious: undefined });
    const plain = sealFactorSecret(SECRET, none, 7);
    expect(plain).toBe(`plain:${SECRET}`);
    expect(openFactorSecret(plain, none, 7)).toEqual({ secret: SECRET, reseal: false });
    expect(openFactorSecret(plain, changing, 7)).toEqual({ secret: SECRET, reseal: true });
    // Sealed, but no key that opens it: an error, never a guess.
    const other = sealingKeysOf({ secretsKey: 'x'.repeat(40), secretsKeyPrevious: undefined });
    expect(() => openFactorSecret(underOld, other, 7)).toThrow(SecretsKeyError);
  });
});

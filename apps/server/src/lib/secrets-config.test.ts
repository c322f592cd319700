import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { parseSecretSources } from './secrets-config';
import {
  deriveSecretSet,
  fingerprintOf,
  seal,
  sealingKey,
  SecretsKeyError,
  unseal,
} from './secrets-crypto';

const SECRET = 's'.repeat(16) + 'a-session-secret-long-enough';
const OTHER = 't'.repeat(16) + 'another-secret-long-enough-too';

describe('the secrets variables', () => {
  it.each([
    [
      { SESSION_SECRET: SECRET, SECRETS_FILE: '/etc/portal/secrets.json' },
      'Set SESSION_SECRET or SECRETS_FILE, not both',
    ],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET must be at least 32 characters long'],
    [{ SECRETS_KEY: 'short' }, 'SECRETS_KEY must be at least 32 characters long'],
    [{ SESSION_SECRET_PREVIOUS: SECRET }, 'SESSION_SECRET_PREVIOUS is set without SESSION_SECRET'],
    [
      { SESSION_SECRET: SECRET, SESSION_SECRET_PREVIOUS: SECRET },
      'SESSION_SECRET_PREVIOUS is the same as SESSION_SECRET',
    ],
    [{ SECRETS_KEY_PREVIOUS: SECRET }, 'SECRETS_KEY_PREVIOUS is set without SECRETS_KEY'],
  ])('refuses %o', (env, message) => {
    expect(() => parseSecretSources(env)).toThrow(message);
  });

  it('accepts "stored" as the previous secret and treats empty values as unset', () => {
    const sources = parseSecretSources({
      SESSION_SECRET: SECRET,
      SESSION_SECRET_PREVIOUS: 'stored',
      SECRETS_FILE: '',
    });
    expect(sources.sessionSecretPrevious).toBe('stored');
    expect(sources.secretsFile).toBeUndefined();
  });

  it('never prints the secrets, whether the config is logged as JSON or inspected', () => {
    const config = loadConfig({ SESSION_SECRET: SECRET, SECRETS_KEY: OTHER });
    expect(config.secretSources.sessionSecret).toBe(SECRET);
    for (const printed of [JSON.stringify(config), inspect(config, { depth: 5 })]) {
      expect(printed).not.toContain(SECRET);
      expect(printed).not.toContain(OTHER);
      expect(printed).toContain('[secrets redacted]');
    }
  });
});

describe('the secrets cryptography', () => {
  it('derives two different secrets from SESSION_SECRET, the same on every host', () => {
    const set = deriveSecretSet(SECRET);
    expect(set).toEqual(deriveSecretSet(SECRET));
    expect(set.jwt_secret).not.toBe(set.cookie_secret);
    expect(set.jwt_secret).not.toContain(SECRET);
    expect(fingerprintOf(set)).toMatch(/^[0-9a-f]{64}$/);
    expect(fingerprintOf(set)).not.toBe(fingerprintOf(deriveSecretSet(OTHER)));
  });

  it('seals with AES-256-GCM: fresh each time, bound to its row, and refusing a wrong key or a change', () => {
    const key = sealingKey(SECRET);
    const sealed = seal('{"jwt_secret":"x"}', key, 'session');
    expect(sealed).toMatch(/^aes-256-gcm:v1:/);
    expect(sealed).not.toContain('jwt_secret');
    expect(seal('{"jwt_secret":"x"}', key, 'session')).not.toBe(sealed);
    expect(unseal(sealed, key, 'session')).toBe('{"jwt_secret":"x"}');
    expect(() => unseal(sealed, sealingKey(OTHER), 'session')).toThrow(SecretsKeyError);
    expect(() => unseal(sealed, key, 'another-row')).toThrow(SecretsKeyError);
    expect(() => unseal(sealed, undefined, 'session')).toThrow('SECRETS_KEY is not set');
    const parts = sealed.split(':');
    const body = Buffer.from(parts.at(-1) ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    const tampered = [...parts.slice(0, -1), body.toString('base64url')].join(':');
    expect(tampered).not.toBe(sealed);
    expect(() => unseal(tampered, key, 'session')).toThrow(SecretsKeyError);
    expect(unseal(seal('plain text', undefined, 'session'), key, 'session')).toBe('plain text');
  });
});

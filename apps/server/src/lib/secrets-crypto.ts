import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/**
 * The cryptography of the shared secrets (lib/secrets.ts): deriving the signing secrets from
 * SESSION_SECRET, fingerprinting them so two processes can compare theirs without showing
 * them, and sealing them at rest in the database with AES-256-GCM under SECRETS_KEY.
 */

/** The two secrets a portal signs with: session tokens (HS256) and cookies. */
export type TSecretSet = { jwt_secret: string; cookie_secret: string };

const LABEL = 'supplier-portal';

/** Both secrets from one SESSION_SECRET, each under its own label, so one never equals the other. */
export const deriveSecretSet = (sessionSecret: string): TSecretSet => {
  const derive = (purpose: string) =>
    createHmac('sha256', sessionSecret).update(`${LABEL} ${purpose} v1`).digest('base64url');
  return { jwt_secret: derive('session-token'), cookie_secret: derive('cookie') };
};

export const generateSecretSet = (): TSecretSet => ({
  jwt_secret: randomBytes(48).toString('base64url'),
  cookie_secret: randomBytes(48).toString('base64url'),
});

/**
 * HMAC-SHA256 keyed by the secrets themselves over a fixed label, hex: equal for equal
 * secrets, and telling nothing about them (they are long random strings, not guessable).
 */
export const fingerprintOf = (set: TSecretSet): string =>
  createHmac('sha256', `${set.jwt_secret}\u0000${set.cookie_secret}`)
    .update(`${LABEL} secrets fingerprint v1`)
    .digest('hex');

/** What a message shows of a fingerprint: enough to tell two apart, nothing to guess from. */
export const shortFingerprint = (fingerprint: string): string => fingerprint.slice(0, 12);

export const sameFingerprint = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

const SEALED = 'aes-256-gcm:v1:';
const PLAIN = 'plain:';

/** The AES-256 key from SECRETS_KEY (any string of 32 characters or more), via HKDF-SHA256. */
export const sealingKey = (secretsKey: string): Buffer =>
  Buffer.from(hkdfSync('sha256', secretsKey, LABEL, 'portal_secrets aes-256-gcm v1', 32));

export const isSealed = (stored: string): boolean => stored.startsWith(SEALED);

/**
 * The stored form of a value: sealed with AES-256-GCM when a key is given (a fresh 96-bit
 * nonce each time; the row's name is bound in as associated data, so a sealed value
 * copied to another row does not open), plain otherwise.
 */
export const seal = (plaintext: string, key: Buffer | undefined, name: string): string => {
  if (!key) {
    return `${PLAIN}${plaintext}`;
  }
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`portal_secrets:${name}`));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'));
  return `${SEALED}${parts.join(':')}`;
};

export class SecretsKeyError extends Error {}

/** The plaintext of a stored value; throws SecretsKeyError when the key is missing or wrong. */
export const unseal = (stored: string, key: Buffer | undefined, name: string): string => {
  if (stored.startsWith(PLAIN)) {
    return stored.slice(PLAIN.length);
  }
  if (!isSealed(stored)) {
    throw new SecretsKeyError('the stored secrets are in an unknown format');
  }
  if (!key) {
    throw new SecretsKeyError('the stored secrets are encrypted and SECRETS_KEY is not set');
  }
  const [iv = '', tag = '', body = ''] = stored.slice(SEALED.length).split(':');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(`portal_secrets:${name}`));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch (error) {
    throw new SecretsKeyError('SECRETS_KEY does not open the stored secrets', { cause: error });
  }
};

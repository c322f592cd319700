import { inspect } from 'node:util';

/**
 * Where the signing secrets come from, read from the environment by config.ts:
 * - SESSION_SECRET: one string (32 characters or more) from which both the session-token
 *   and the cookie secret are derived (lib/secrets-crypto.ts), or
 * - SECRETS_FILE: the path of a JSON file `{ "jwt_secret": ..., "cookie_secret": ... }`
 *   (the shape of data/secrets.json), optionally with `"previous": { ... }` of the same shape;
 * - neither: the database holds secrets the first process generated (lib/secrets.ts).
 * SESSION_SECRET_PREVIOUS: the secret being rotated away; it still verifies what it signed.
 * `stored` names the secrets the portal generated and stored in the database.
 * SECRETS_KEY: the key (32 characters or more) that encrypts secrets stored in the database.
 *
 * The values never print: the object serialises and inspects as "[secrets redacted]".
 */
export type TSecretSources = {
  sessionSecret: string | undefined;
  secretsFile: string | undefined;
  /** A previous SESSION_SECRET, or 'stored' for the database's generated secrets. */
  sessionSecretPrevious: string | undefined;
  secretsKey: string | undefined;
  /** The key being replaced: stored secrets it sealed are sealed again under SECRETS_KEY. */
  secretsKeyPrevious: string | undefined;
};

/** SESSION_SECRET_PREVIOUS's value for the generated secrets stored in the database. */
export const STORED_PREVIOUS = 'stored';

const MIN_LENGTH = 32;

const REDACTED = '[secrets redacted]';

const checkLength = (name: string, value: string | undefined) => {
  if (value !== undefined && value.length < MIN_LENGTH) {
    throw new Error(
      `${name} must be at least ${MIN_LENGTH} characters long (for example the output of \`openssl rand -base64 48\`)`,
    );
  }
};

const present = (value: string | undefined) =>
  value === undefined || value === '' ? undefined : value;

export const parseSecretSources = (env: Record<string, string | undefined>): TSecretSources => {
  const sessionSecret = present(env.SESSION_SECRET);
  const secretsFile = present(env.SECRETS_FILE);
  const sessionSecretPrevious = present(env.SESSION_SECRET_PREVIOUS);
  const secretsKey = present(env.SECRETS_KEY);
  const secretsKeyPrevious = present(env.SECRETS_KEY_PREVIOUS);
  if (sessionSecret !== undefined && secretsFile !== undefined) {
    throw new Error('Set SESSION_SECRET or SECRETS_FILE, not both');
  }
  checkLength('SESSION_SECRET', sessionSecret);
  checkLength('SECRETS_KEY', secretsKey);
  checkLength('SECRETS_KEY_PREVIOUS', secretsKeyPrevious);
  if (secretsKeyPrevious !== undefined && secretsKey === undefined) {
    throw new Error('SECRETS_KEY_PREVIOUS is set without SECRETS_KEY: set the new key too');
  }
  if (sessionSecretPrevious !== STORED_PREVIOUS) {
    checkLength('SESSION_SECRET_PREVIOUS', sessionSecretPrevious);
  }
  if (
    sessionSecretPrevious !== undefined &&
    sessionSecret === undefined &&
    secretsFile === undefined
  ) {
    throw new Error(
      'SESSION_SECRET_PREVIOUS is set without SESSION_SECRET or SECRETS_FILE: set the new secret too',
    );
  }
  if (sessionSecretPrevious !== undefined && sessionSecretPrevious === sessionSecret) {
    throw new Error('SESSION_SECRET_PREVIOUS is the same as SESSION_SECRET: give the new secret');
  }
  const sources: TSecretSources = {
    sessionSecret,
    secretsFile,
    sessionSecretPrevious,
    secretsKey,
    secretsKeyPrevious,
  };
  Object.defineProperties(sources, {
    toJSON: { value: () => REDACTED, enumerable: false },
    [inspect.custom]: { value: () => REDACTED, enumerable: false },
  });
  return Object.freeze(sources);
};

import { chmod, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { generateSecretSet, type TSecretSet } from './secrets-crypto';

/**
 * The secrets a portal signs with. Where they come from (the environment, SECRETS_FILE or
 * the database, shared by every host) is lib/secrets-resolve.ts; this file holds their shape
 * and the single-host data/secrets.json of earlier versions.
 */
export type TSecrets = TSecretSet & {
  /**
   * Earlier secrets that still verify what they signed until those tokens expire, newest
   * first; jwt_secret and cookie_secret above sign everything new.
   */
  previous?: readonly TSecretSet[];
};

export type { TSecretSet } from './secrets-crypto';

const ZSecrets = z.object({
  jwt_secret: z.string().min(32),
  cookie_secret: z.string().min(32),
});

const verifying = new WeakMap<TSecrets, { jwt: readonly string[]; cookie: readonly string[] }>();

const verifyingOf = (secrets: TSecrets) => {
  let lists = verifying.get(secrets);
  if (!lists) {
    const all = [secrets, ...(secrets.previous ?? [])];
    lists = {
      jwt: Object.freeze(all.map((set) => set.jwt_secret)),
      cookie: Object.freeze(all.map((set) => set.cookie_secret)),
    };
    verifying.set(secrets, lists);
  }
  return lists;
};

/** Every secret a session token may be verified with: the signing one first. */
export const jwtSecretsOf = (secrets: TSecrets): readonly string[] => verifyingOf(secrets).jwt;

/** The cookie secrets as @fastify/cookie takes them: the first signs, every one unsigns. */
export const cookieSecretsOf = (secrets: TSecrets): string[] => [...verifyingOf(secrets).cookie];

export const LEGACY_SECRETS_FILE = 'secrets.json';

/**
 * data/secrets.json as earlier versions wrote it, or undefined when there is none. The
 * first start of this version moves it into the database (lib/secrets-resolve.ts).
 */
export const readLegacySecrets = async (dataDir: string): Promise<TSecretSet | undefined> => {
  const file = path.join(dataDir, LEGACY_SECRETS_FILE);
  try {
    return ZSecrets.parse(JSON.parse(await readFile(file, 'utf8')));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return undefined;
    }
    throw new Error(`${file} is unreadable or malformed; fix or remove it`, { cause: error });
  }
};

/**
 * Loads data/secrets.json, creating it (mode 600) the first time: the one-host secrets of
 * earlier versions, kept for the test harness and tools that build an app without a
 * database to share secrets through.
 */
export const loadOrCreateSecrets = async (dataDir: string): Promise<TSecrets> => {
  const file = path.join(dataDir, LEGACY_SECRETS_FILE);
  const existing = await readLegacySecrets(dataDir);
  if (existing) {
    await chmod(file, 0o600);
    return existing;
  }
  const secrets = generateSecretSet();
  // 'wx' fails if another process created it in the meantime, so secrets are never overwritten.
  await writeFile(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  return secrets;
};

import { readFile } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema';
import { readLegacySecrets, type TSecrets } from './secrets';
import { STORED_PREVIOUS, type TSecretSources } from './secrets-config';
import {
  deriveSecretSet,
  fingerprintOf,
  generateSecretSet,
  isSealed,
  sameFingerprint,
  sealingKey,
  SecretsKeyError,
  shortFingerprint,
  type TSecretSet,
} from './secrets-crypto';
import {
  insertSecretsRowIfAbsent,
  parseSecretSet,
  readSecretsRow,
  sealSecrets,
  unsealSecrets,
  updateSecretsRow,
  type TSealedSecrets,
  type TSecretsRow,
} from './secrets-store';
import { SESSION_POLICY } from './session-policy';

/**
 * Which secrets this process signs and verifies with, agreed with every other process
 * through the database (issue 32):
 * - configured (SESSION_SECRET or SECRETS_FILE): the database records their fingerprint;
 *   a process whose secret has another fingerprint refuses to start, unless its
 *   SESSION_SECRET_PREVIOUS is the one recorded, which rotates to the new one;
 * - otherwise the first process stores generated secrets (or those of an existing
 *   data/secrets.json, so an upgrade signs nobody out), sealed under SECRETS_KEY when set,
 *   and every later process reads them.
 */

export type TSecretsNote = { level: 'info' | 'warn'; message: string };

export type TResolvedSecrets = { secrets: TSecrets; notes: TSecretsNote[] };

/** A process whose secrets disagree with the database's: it must not start. */
export class SecretsConflictError extends Error {
  override name = 'SecretsConflictError';
}

type TConfigured = {
  /** Which variable gave them, for messages. */
  source: 'SESSION_SECRET' | 'SECRETS_FILE';
  current: TSecretSet;
  previous: TSecretSet[];
  /** SESSION_SECRET_PREVIOUS=stored: the database's generated secrets are the previous ones. */
  previousStored: boolean;
};

const ZSecretsFile = z.object({
  jwt_secret: z.string(),
  cookie_secret: z.string(),
  previous: z.unknown().optional(),
});

const readSecretsFile = async (file: string) => {
  try {
    const parsed = ZSecretsFile.parse(JSON.parse(await readFile(file, 'utf8')));
    return {
      current: parseSecretSet(parsed),
      previous: parsed.previous === undefined ? [] : [parseSecretSet(parsed.previous)],
    };
  } catch (error) {
    throw new Error(
      `SECRETS_FILE ${file} is unreadable or malformed: it must be JSON with jwt_secret and cookie_secret of 32 characters or more (and optionally "previous" of the same shape)`,
      { cause: error },
    );
  }
};

const readConfigured = async (sources: TSecretSources): Promise<TConfigured | undefined> => {
  const previousRaw = sources.sessionSecretPrevious;
  const previousStored = previousRaw === STORED_PREVIOUS;
  const previousEnv =
    previousRaw !== undefined && !previousStored ? [deriveSecretSet(previousRaw)] : [];
  if (sources.sessionSecret !== undefined) {
    return {
      source: 'SESSION_SECRET',
      current: deriveSecretSet(sources.sessionSecret),
      previous: previousEnv,
      previousStored,
    };
  }
  if (sources.secretsFile !== undefined) {
    const file = await readSecretsFile(sources.secretsFile);
    return {
      source: 'SECRETS_FILE',
      current: file.current,
      previous: [...file.previous, ...previousEnv],
      previousStored,
    };
  }
  return undefined;
};

const KEY_ADVICE =
  'Set the same SECRETS_KEY on every host as on the one that stored them (to change the key, give the old one as SECRETS_KEY_PREVIOUS).';

/**
 * Seals the stored secrets under SECRETS_KEY when they were stored plainly (before a key was
 * set) or under SECRETS_KEY_PREVIOUS (the key is being changed). True when the row was
 * changed, by this process or one racing it: read it again.
 */
const reseal = async (context: TContext, row: TSecretsRow): Promise<boolean> => {
  const { key, previousKey, db, notes } = context;
  if (row.sealed === null || !key) {
    return false;
  }
  const opensWith = (candidate: Buffer | undefined) => {
    try {
      return unsealSecrets(row.sealed, candidate);
    } catch (error) {
      if (error instanceof SecretsKeyError) {
        return undefined;
      }
      throw error;
    }
  };
  const plain = !isSealed(row.sealed);
  if (!plain && (opensWith(key) || !previousKey)) {
    // Sealed under SECRETS_KEY already, or nothing else to try (openRow says what is wrong).
    return false;
  }
  const opened = opensWith(plain ? undefined : previousKey);
  if (!opened) {
    return false;
  }
  if (await updateSecretsRow(db, row.version, { sealed: sealSecrets(opened, key) })) {
    notes.push({
      level: 'info',
      message: plain
        ? 'encrypted the stored session secrets with SECRETS_KEY'
        : 'encrypted the stored session secrets again, with SECRETS_KEY instead of SECRETS_KEY_PREVIOUS',
    });
  }
  return true;
};

/** The sealed secrets of a row, or a refusal that says which SECRETS_KEY is wanted. */
const openRow = (row: TSecretsRow, key: Buffer | undefined): TSealedSecrets => {
  try {
    return unsealSecrets(row.sealed, key);
  } catch (error) {
    if (error instanceof SecretsKeyError) {
      throw new SecretsConflictError(
        `Cannot read the session secrets stored in the database: ${error.message}. ${KEY_ADVICE}`,
        { cause: error },
      );
    }
    throw error;
  }
};

/** A replaced secret verifies while a token it signed can still be alive. */
const stillVerifies = (row: TSecretsRow, now: number) =>
  row.rotated_at !== null && now < row.rotated_at + SESSION_POLICY.rememberMeMaxMs;

const withoutDuplicates = (current: TSecretSet, previous: TSecretSet[]): TSecretSet[] => {
  const seen = new Set([fingerprintOf(current)]);
  return previous.filter((set) => {
    const fingerprint = fingerprintOf(set);
    const fresh = !seen.has(fingerprint);
    seen.add(fingerprint);
    return fresh;
  });
};

export type TResolveOptions = {
  db: Kysely<Database>;
  sources: TSecretSources;
  dataDir: string;
  /** The embedded SQLite setup: the database is a file in the data dir, like secrets.json was. */
  embedded: boolean;
  now: number;
};

type TContext = TResolveOptions & {
  key: Buffer | undefined;
  previousKey: Buffer | undefined;
  legacy: TSecretSet | undefined;
  notes: TSecretsNote[];
};

/** The row the first process inserts: configured fingerprints, or generated secrets sealed. */
const claimRow = async (context: TContext, configured: TConfigured | undefined) => {
  const { db, key, legacy, now } = context;
  if (configured) {
    const fingerprint = fingerprintOf(configured.current);
    // An install upgrading to a configured secret keeps its old sessions verifying.
    const replaced =
      legacy && !sameFingerprint(fingerprintOf(legacy), fingerprint) ? legacy : undefined;
    await insertSecretsRowIfAbsent(db, {
      mode: 'configured',
      fingerprint,
      previousFingerprint: replaced ? fingerprintOf(replaced) : null,
      sealed: replaced ? sealSecrets({ previous: replaced }, key) : null,
      now,
      rotatedAt: replaced ? now : null,
    });
    return;
  }
  const current = legacy ?? generateSecretSet();
  await insertSecretsRowIfAbsent(db, {
    mode: 'generated',
    fingerprint: fingerprintOf(current),
    previousFingerprint: null,
    sealed: sealSecrets({ current }, key),
    now,
    rotatedAt: null,
  });
};

const useGenerated = async (context: TContext, row: TSecretsRow): Promise<TSecrets> => {
  const { key, legacy, notes, embedded, now } = context;
  if (row.mode !== 'generated') {
    throw new SecretsConflictError(
      `This database's sessions are signed with a configured secret (fingerprint ${shortFingerprint(row.fingerprint)}) and this process was given none. Set the same SESSION_SECRET (or SECRETS_FILE) on this host as on the others.`,
    );
  }
  const opened = openRow(row, key);
  if (!opened.current) {
    throw new SecretsConflictError('The session secrets stored in the database are incomplete.');
  }
  if (!key && !embedded) {
    notes.push({
      level: 'warn',
      message:
        'the session secrets are stored in the database unencrypted: set SECRETS_KEY (the same on every host) to encrypt them',
    });
  }
  if (legacy && !sameFingerprint(fingerprintOf(legacy), row.fingerprint)) {
    notes.push({
      level: 'warn',
      message:
        'data/secrets.json differs from the session secrets in the database and is not used; the database is shared by every host',
    });
  }
  const previous = opened.previous && stillVerifies(row, now) ? [opened.previous] : [];
  return { ...opened.current, previous };
};

/** How the previous secret is given alongside the new one, for each source. */
const PREVIOUS_ADVICE = {
  SESSION_SECRET: 'the old secret as SESSION_SECRET_PREVIOUS',
  SECRETS_FILE: 'the old secrets under "previous" in the file',
} as const;

const conflict = (configured: TConfigured, row: TSecretsRow, fingerprint: string) => {
  const { source } = configured;
  const previous = PREVIOUS_ADVICE[source];
  const theirs = shortFingerprint(row.fingerprint);
  const ours = shortFingerprint(fingerprint);
  if (row.previous_fingerprint !== null && sameFingerprint(row.previous_fingerprint, fingerprint)) {
    return new SecretsConflictError(
      `${source} on this host is the previous session secret: the database already uses a newer one (fingerprint ${theirs}). Give this host the same ${source} as the others, with ${previous} until its sessions expire.`,
    );
  }
  const storedHint =
    row.mode === 'generated'
      ? ` The database holds secrets the portal generated: to replace them with ${source}, set SESSION_SECRET_PREVIOUS=${STORED_PREVIOUS}.`
      : '';
  return new SecretsConflictError(
    `${source} disagrees with the session secret this database already uses (fingerprint ${theirs}; this host's is ${ours}). Set the same ${source} on every host. To rotate, give every host the new ${source} with ${previous.replace('old', 'current')}.${storedHint}`,
  );
};

/** Rotates the row to the configured secret; false when another process changed it first. */
const rotateTo = async (
  context: TContext,
  row: TSecretsRow,
  configured: TConfigured,
  sealed: TSealedSecrets | null,
): Promise<boolean> => {
  const { db, key, now, notes } = context;
  const won = await updateSecretsRow(db, row.version, {
    mode: 'configured',
    fingerprint: fingerprintOf(configured.current),
    previousFingerprint: row.fingerprint,
    sealed: sealed ? sealSecrets(sealed, key) : null,
    rotatedAt: now,
  });
  if (won) {
    notes.push({
      level: 'info',
      message: `rotated the session secret: ${configured.source} signs from now on, the previous one (fingerprint ${shortFingerprint(row.fingerprint)}) still verifies until its sessions expire`,
    });
  }
  return won;
};

const useConfigured = async (
  context: TContext,
  row: TSecretsRow,
  configured: TConfigured,
): Promise<TSecrets | undefined> => {
  const fingerprint = fingerprintOf(configured.current);
  const secrets = (stored: TSecretSet[]): TSecrets => ({
    ...configured.current,
    previous: withoutDuplicates(configured.current, [...configured.previous, ...stored]),
  });
  if (sameFingerprint(row.fingerprint, fingerprint)) {
    // Generated secrets this configured one replaced verify until their sessions expire.
    const replaced =
      row.sealed !== null && stillVerifies(row, context.now) ? openRow(row, context.key) : {};
    return secrets(replaced.previous ? [replaced.previous] : []);
  }
  if (configured.previous.some((set) => sameFingerprint(fingerprintOf(set), row.fingerprint))) {
    return (await rotateTo(context, row, configured, null)) ? secrets([]) : undefined;
  }
  if (configured.previousStored && row.mode === 'generated') {
    const stored = openRow(row, context.key).current;
    if (stored) {
      const won = await rotateTo(context, row, configured, { previous: stored });
      return won ? secrets([stored]) : undefined;
    }
  }
  throw conflict(configured, row, fingerprint);
};

/** The secrets this process uses, and what to log about them once the logger exists. */
export const resolveSecrets = async (options: TResolveOptions): Promise<TResolvedSecrets> => {
  const { sources, db } = options;
  const context: TContext = {
    ...options,
    key: sources.secretsKey === undefined ? undefined : sealingKey(sources.secretsKey),
    previousKey:
      sources.secretsKeyPrevious === undefined ? undefined : sealingKey(sources.secretsKeyPrevious),
    legacy: await readLegacySecrets(options.dataDir),
    notes: [],
  };
  const configured = await readConfigured(sources);
  // A rotation that loses its compare-and-set reads the row again; a few tries settle it.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    let row = await readSecretsRow(db);
    if (!row) {
      await claimRow(context, configured);
      row = await readSecretsRow(db);
      if (!row) {
        throw new Error('the session secrets row vanished right after it was stored');
      }
      if (context.legacy && sameFingerprint(row.fingerprint, fingerprintOf(context.legacy))) {
        context.notes.push({
          level: 'info',
          message: 'moved data/secrets.json into the database: existing sessions stay valid',
        });
        context.legacy = undefined;
      }
    }
    if (await reseal(context, row)) {
      continue;
    }
    const secrets = configured
      ? await useConfigured(context, row, configured)
      : await useGenerated(context, row);
    if (secrets) {
      return { secrets, notes: context.notes };
    }
  }
  throw new Error('the session secrets kept changing while this process started; start it again');
};

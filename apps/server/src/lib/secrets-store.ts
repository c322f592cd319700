import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import { dialectOfDb } from '../db/database';
import type { Database, PortalSecretsTable } from '../db/schema';
import { seal, unseal, type TSecretSet } from './secrets-crypto';

/**
 * The portal_secrets row (migration 0022): claimed by the first process to start with an
 * insert that does nothing when the row is there, then read back, so processes starting
 * together all end up with the one row that won. Changes are compare-and-set on `version`.
 */

export const SECRETS_ROW = 'session';

export type TSecretsRow = Selectable<PortalSecretsTable>;

export type TSecretsMode = 'generated' | 'configured';

const ZSecretSet = z.object({
  jwt_secret: z.string().min(32),
  cookie_secret: z.string().min(32),
});

/** What the sealed column holds: the generated secrets, and those they or a configured secret replaced. */
const ZSealedSecrets = z.object({
  current: ZSecretSet.optional(),
  previous: ZSecretSet.optional(),
});

export type TSealedSecrets = z.infer<typeof ZSealedSecrets>;

export const sealSecrets = (secrets: TSealedSecrets, key: Buffer | undefined): string =>
  seal(JSON.stringify(secrets), key, SECRETS_ROW);

/** The sealed column's secrets; throws SecretsKeyError when SECRETS_KEY is missing or wrong. */
export const unsealSecrets = (sealed: string | null, key: Buffer | undefined): TSealedSecrets =>
  sealed === null ? {} : ZSealedSecrets.parse(JSON.parse(unseal(sealed, key, SECRETS_ROW)));

export const readSecretsRow = (db: Kysely<Database>): Promise<TSecretsRow | undefined> =>
  db.selectFrom('portal_secrets').selectAll().where('name', '=', SECRETS_ROW).executeTakeFirst();

export type TNewSecretsRow = {
  mode: TSecretsMode;
  fingerprint: string;
  previousFingerprint: string | null;
  sealed: string | null;
  now: number;
  rotatedAt: number | null;
};

/** Inserts the row unless one is there already; the caller reads back whichever won. */
export const insertSecretsRowIfAbsent = async (
  db: Kysely<Database>,
  row: TNewSecretsRow,
): Promise<void> => {
  const insert = db.insertInto('portal_secrets').values({
    name: SECRETS_ROW,
    mode: row.mode,
    fingerprint: row.fingerprint,
    previous_fingerprint: row.previousFingerprint,
    sealed: row.sealed,
    version: 1,
    created_at: row.now,
    rotated_at: row.rotatedAt,
  });
  await (
    dialectOfDb(db) === 'mysql'
      ? insert.ignore()
      : insert.onConflict((conflict) => conflict.column('name').doNothing())
  ).execute();
};

/** Changes the row if it is still at `version`; false when another process changed it first. */
export const updateSecretsRow = async (
  db: Kysely<Database>,
  version: number,
  changes: Partial<Omit<TNewSecretsRow, 'now'>>,
): Promise<boolean> => {
  const result = await db
    .updateTable('portal_secrets')
    .set({
      version: version + 1,
      ...(changes.mode === undefined ? {} : { mode: changes.mode }),
      ...(changes.fingerprint === undefined ? {} : { fingerprint: changes.fingerprint }),
      ...(changes.previousFingerprint === undefined
        ? {}
        : { previous_fingerprint: changes.previousFingerprint }),
      ...(changes.sealed === undefined ? {} : { sealed: changes.sealed }),
      ...(changes.rotatedAt === undefined ? {} : { rotated_at: changes.rotatedAt }),
    })
    .where('name', '=', SECRETS_ROW)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

export const parseSecretSet = (value: unknown): TSecretSet => ZSecretSet.parse(value);

import type { Kysely } from 'kysely';

/**
 * The secrets that sign sessions, shared through the database so several hosts with their
 * own data dirs agree (issue 32). One row per secret set ('session'): claimed by the first
 * process to start (insert-if-absent, then read back) and read by every later one.
 * - mode: 'generated' (the portal made them; `sealed` holds them) or 'configured' (they
 *   come from SESSION_SECRET or SECRETS_FILE; only their fingerprint is stored, and
 *   `sealed` holds at most the generated secrets they replaced, still verifying).
 * - fingerprint / previous_fingerprint: HMAC-SHA256 over the secrets, hex, so a process
 *   can tell that its configured secret disagrees without anything secret being compared
 *   or shown.
 * - sealed: JSON of the secrets, AES-256-GCM under SECRETS_KEY ('aes-256-gcm:v1:...') or,
 *   without a key, plain ('plain:...').
 * - version: bumped by every change, so changes are compare-and-set.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('portal_secrets')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('mode', 'varchar(16)', (c) => c.notNull())
    .addColumn('fingerprint', 'varchar(64)', (c) => c.notNull())
    .addColumn('previous_fingerprint', 'varchar(64)')
    .addColumn('sealed', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('rotated_at', 'bigint')
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('portal_secrets').execute();
};

import type { Kysely } from 'kysely';

/**
 * Passkeys (issue 35; decisions.md, "Passkeys").
 * - passkey_credentials: a passkey's WebAuthn side. Its factor row in user_factors (kind
 *   'passkey') holds the name and dates, so apps and passkeys share one list, one id space
 *   and one removal; this row goes with it. credential_hash is the SHA-256 of the credential
 *   id (ids reach 1023 bytes, too long for a unique index on MariaDB), looked up when a
 *   passkey signs in alone. sign_count is the authenticator's counter (0 when it keeps none);
 *   passwordless marks a passkey its owner let sign in without the password.
 * - webauthn_challenges: a passkey prompt the server is waiting for (a ceremony): SHA-256 of
 *   the token its client holds, what it is for ('register', 'second_factor', 'sign_in'), the
 *   user (none for a sign-in with the passkey alone), the password step's challenge it
 *   belongs to, the WebAuthn challenge the authenticator signs, an expiry; used_at once spent.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('passkey_credentials')
    .addColumn('factor_id', 'integer', (c) =>
      c.primaryKey().references('user_factors.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('credential_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('credential_id', 'text', (c) => c.notNull())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('sign_count', 'bigint', (c) => c.notNull())
    .addColumn('transports', 'varchar(200)', (c) => c.notNull())
    .addColumn('passwordless', 'smallint', (c) => c.notNull())
    .addColumn('backed_up', 'smallint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('passkey_credentials_user_idx')
    .on('passkey_credentials')
    .column('user_id')
    .execute();
  await db.schema
    .createTable('webauthn_challenges')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('login_challenge_id', 'varchar(64)', (c) =>
      c.references('login_challenges.id').onDelete('cascade'),
    )
    .addColumn('challenge', 'varchar(128)', (c) => c.notNull())
    .addColumn('remember_me', 'smallint', (c) => c.notNull())
    .addColumn('passwordless', 'smallint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('webauthn_challenges').execute();
  await db.schema.dropTable('passkey_credentials').execute();
};

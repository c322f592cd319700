import {
  DEFAULT_MIGRATION_TABLE,
  Migrator,
  sql,
  type Kysely,
  type MigrationProvider,
} from 'kysely';
import { migrations } from './migrations/index';

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

/** Brings the schema to the latest migration; throws with the failing migration's name. */
export const migrateToLatest = async <DB>(db: Kysely<DB>): Promise<string[]> => {
  const migrator = new Migrator({ db, provider });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((result) => result.status === 'Error');
  if (error) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}`, { cause: error });
  }
  return results.map((result) => result.migrationName);
};

/**
 * How many of the portal's migrations the database has applied. Read from Kysely's own
 * table in one query: GET /api/health asks on every call, and the Migrator's
 * getMigrations() introspects the whole schema first (most of health's cost).
 */
export const appliedMigrations = async <DB>(db: Kysely<DB>): Promise<number> => {
  const { rows } = await sql<{ applied: number | string }>`
    select count(*) as applied from ${sql.table(DEFAULT_MIGRATION_TABLE)}
    where name in (${sql.join(Object.keys(migrations))})`.execute(db);
  return Number(rows[0]?.applied ?? 0);
};

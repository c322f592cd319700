import { Migrator, type Kysely, type MigrationProvider } from 'kysely';
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

export const appliedMigrations = async <DB>(db: Kysely<DB>): Promise<number> => {
  const all = await new Migrator({ db, provider }).getMigrations();
  return all.filter((migration) => migration.executedAt !== undefined).length;
};

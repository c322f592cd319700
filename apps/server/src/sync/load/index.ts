import { destinationRefused, isSyncDestination } from '@portal/domain/sync-destinations';
import { dialectOf } from '../../db/database';
import { openMysqlLoader } from './mysql';
import { openPostgresLoader } from './postgres';
import { openSqliteLoader } from './sqlite';
import type { TLoader, TLoaderOptions } from './types';

const checked = (table: string) => {
  if (!isSyncDestination(table)) {
    throw new Error(destinationRefused(table));
  }
  return table;
};

/**
 * The loader's last word on where rows go: whatever validated the mapping before, it
 * describes, loads and inspects only the ERP tables the sync engine owns.
 */
export const guardDestinations = (loader: TLoader): TLoader => ({
  dialect: loader.dialect,
  describe: (table) => loader.describe(checked(table)),
  load: (options) => {
    checked(options.plan.table);
    return loader.load(options);
  },
  inspect: (table, columns) => loader.inspect(checked(table), columns),
  derive: (statements) => loader.derive(statements),
  close: () => loader.close(),
});

const openUnguarded = (databaseUrl: string, options: TLoaderOptions) => {
  const dialect = dialectOf(databaseUrl);
  if (dialect === 'mysql') {
    return openMysqlLoader(databaseUrl, options);
  }
  if (dialect === 'postgres') {
    return openPostgresLoader(databaseUrl, options);
  }
  return openSqliteLoader(databaseUrl.replace(/^sqlite:(\/\/)?/i, ''), options);
};

/** A loader on its own connection to the portal database a DATABASE_URL names. */
export const openLoader = async (
  databaseUrl: string,
  options: TLoaderOptions = {},
): Promise<TLoader> => guardDestinations(await openUnguarded(databaseUrl, options));

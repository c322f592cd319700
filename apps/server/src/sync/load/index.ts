import { dialectOf } from '../../db/database';
import { openMysqlLoader } from './mysql';
import { openPostgresLoader } from './postgres';
import { openSqliteLoader } from './sqlite';
import type { TLoader, TLoaderOptions } from './types';

/** A loader on its own connection to the portal database a DATABASE_URL names. */
export const openLoader = async (
  databaseUrl: string,
  options: TLoaderOptions = {},
): Promise<TLoader> => {
  const dialect = dialectOf(databaseUrl);
  if (dialect === 'mysql') {
    return openMysqlLoader(databaseUrl, options);
  }
  if (dialect === 'postgres') {
    return openPostgresLoader(databaseUrl, options);
  }
  return openSqliteLoader(databaseUrl.replace(/^sqlite:(\/\/)?/i, ''), options);
};

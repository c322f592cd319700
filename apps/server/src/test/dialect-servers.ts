import type { TDialect } from '../db/database';

/** Admin connections used to create and drop the throwaway test databases. */
export const TEST_SERVER_URLS = {
  mysql: process.env.TEST_MYSQL_URL || 'mysql://root@127.0.0.1:3306',
  postgres: process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
} as const satisfies Partial<Record<TDialect, string>>;

export type TServerDialect = keyof typeof TEST_SERVER_URLS;

/** The URL of database `name` on the dialect's test server. */
export const testServerUrl = (dialect: TServerDialect, name: string) => {
  if (dialect === 'mysql') {
    return `${TEST_SERVER_URLS.mysql.replace(/\/$/, '')}/${name}`;
  }
  const url = new URL(TEST_SERVER_URLS.postgres);
  url.pathname = `/${name}`;
  return url.toString();
};

import mysql from 'mysql2/promise';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import type { TDialect } from '../db/database';
import { TEST_SERVER_URLS, type TServerDialect } from './dialect-servers';
import { dropTemplates, makeTemplates, type TTemplates } from './templates';

declare module 'vitest' {
  // Declaration merging needs an interface here.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    dialects: TDialect[];
    /** Absent outside the server project: its test databases are then migrated one by one. */
    templates: TTemplates | undefined;
  }
}

const probes: Record<TServerDialect, () => Promise<void>> = {
  mysql: async () => {
    const connection = await mysql.createConnection({
      uri: TEST_SERVER_URLS.mysql,
      connectTimeout: 3000,
    });
    await connection.end();
  },
  postgres: async () => {
    const client = new pg.Client({
      connectionString: TEST_SERVER_URLS.postgres,
      connectionTimeoutMillis: 3000,
    });
    await client.connect();
    await client.end();
  },
};

/**
 * Finds which database servers answer. SQLite always runs; MariaDB and
 * PostgreSQL run when reachable, and under CI=true an unreachable one fails the run.
 */
export default async function setup(project: TestProject) {
  const dialects: TDialect[] = ['sqlite'];
  const missing: string[] = [];
  for (const [dialect, probe] of Object.entries(probes) as [
    TServerDialect,
    () => Promise<void>,
  ][]) {
    try {
      await probe();
      dialects.push(dialect);
    } catch (error) {
      missing.push(`${dialect} at ${TEST_SERVER_URLS[dialect]}: ${(error as Error).message}`);
    }
  }
  if (missing.length > 0) {
    if (process.env.CI === 'true') {
      throw new Error(`Database servers unreachable under CI=true:\n  ${missing.join('\n  ')}`);
    }
    console.warn(`Database tests skip these dialects (not reachable):\n  ${missing.join('\n  ')}`);
  }
  console.log(`Database tests run on: ${dialects.join(', ')}`);
  project.provide('dialects', dialects);
  const templates = await makeTemplates(dialects);
  project.provide('templates', templates);
  return () => dropTemplates(templates);
}

import { randomBytes } from 'node:crypto';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import pg from 'pg';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, inject } from 'vitest';
import { createDatabase, type TDialect, type TPortalDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import type { Database } from '../db/schema';
import { TEST_SERVER_URLS, testServerUrl } from './dialect-servers';
import { copyMysqlTemplate } from './templates';

/** The dialects this run covers: sqlite always, the others when their servers answered. */
export const testDialects = (): TDialect[] => inject('dialects');

export type TTestDatabase = { dialect: TDialect; url: string; drop: () => Promise<void> };

const uniqueName = () => `portal_t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;

/**
 * A fresh, uniquely named database on the given dialect: empty, or with `migrated`, a copy
 * of the run's migrated template (test/templates.ts) when the global setup made one.
 */
export const createTestDatabase = async (
  dialect: TDialect,
  options: { migrated?: boolean } = {},
): Promise<TTestDatabase> => {
  const name = uniqueName();
  const template = options.migrated ? inject('templates')?.[dialect] : undefined;
  if (dialect === 'sqlite') {
    const dir = await mkdtemp(path.join(tmpdir(), 'portal-test-'));
    const url = path.join(dir, `${name}.db`);
    if (template?.dialect === 'sqlite') {
      await copyFile(template.file, url);
    }
    return { dialect, url, drop: () => rm(dir, { recursive: true, force: true }) };
  }
  if (dialect === 'mysql') {
    const admin = await mysql.createConnection({ uri: TEST_SERVER_URLS.mysql });
    await admin.query(
      `CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
    );
    await admin.end();
    if (template?.dialect === 'mysql') {
      await copyMysqlTemplate(template, name);
    }
    return {
      dialect,
      url: testServerUrl('mysql', name),
      drop: async () => {
        const connection = await mysql.createConnection({ uri: TEST_SERVER_URLS.mysql });
        await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
        await connection.end();
      },
    };
  }
  const admin = new pg.Client({ connectionString: TEST_SERVER_URLS.postgres });
  await admin.connect();
  const copy = template?.dialect === 'postgres' ? ` TEMPLATE "${template.name}"` : '';
  await admin.query(`CREATE DATABASE "${name}"${copy}`);
  await admin.end();
  return {
    dialect,
    url: testServerUrl('postgres', name),
    drop: async () => {
      const client = new pg.Client({ connectionString: TEST_SERVER_URLS.postgres });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
};

/**
 * A fresh, migrated database for the tests of one describe block: made (and filled by
 * `seed`) before them, dropped after. The getter answers once the tests run.
 */
export const useMigratedDatabase = (
  dialect: TDialect,
  seed: (db: Kysely<Database>) => Promise<void> = async () => {},
  timeoutMs = 60_000,
) => {
  let database: TPortalDatabase | undefined;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const test = await createTestDatabase(dialect, { migrated: true });
    drop = test.drop;
    database = createDatabase(test.url);
    await migrateToLatest(database.db);
    await seed(database.db);
  }, timeoutMs);
  afterAll(async () => {
    await database?.destroy();
    await drop?.();
  });
  return () => {
    if (!database) {
      throw new Error('the test database is made in beforeAll');
    }
    return database;
  };
};

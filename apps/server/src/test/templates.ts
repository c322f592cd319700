import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { createDatabase, type TDialect } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { TEST_SERVER_URLS, testServerUrl } from './dialect-servers';

/**
 * One migrated database per dialect, made once per run by the global setup; every test
 * database that starts migrated is a copy of it. Running the 35 migrations took 3 to 6 s
 * on MariaDB and about 1 s on PostgreSQL for each of some two hundred test databases.
 * - SQLite: the file, copied.
 * - PostgreSQL: `CREATE DATABASE … TEMPLATE`.
 * - MariaDB has no templates: the tables' `SHOW CREATE TABLE` text, replayed, and the
 *   rows the migrations left (Kysely's own tables), copied across.
 */
export type TTemplate =
  | { dialect: 'sqlite'; file: string }
  | { dialect: 'postgres'; name: string }
  | { dialect: 'mysql'; name: string; tables: string[]; withRows: string[] };

export type TTemplates = Partial<Record<TDialect, TTemplate>>;

const templateName = () =>
  `portal_tpl_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;

const migrate = async (url: string) => {
  const database = createDatabase(url);
  try {
    await migrateToLatest(database.db);
  } finally {
    await database.destroy();
  }
};

const sqliteTemplate = async (): Promise<TTemplate> => {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-template-'));
  const file = path.join(dir, 'template.db');
  await migrate(file);
  return { dialect: 'sqlite', file };
};

const postgresTemplate = async (): Promise<TTemplate> => {
  const name = templateName();
  const admin = new pg.Client({ connectionString: TEST_SERVER_URLS.postgres });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  await migrate(testServerUrl('postgres', name));
  return { dialect: 'postgres', name };
};

const mysqlTemplate = async (): Promise<TTemplate> => {
  const name = templateName();
  const admin = await mysql.createConnection({ uri: TEST_SERVER_URLS.mysql });
  try {
    await admin.query(
      `CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
    );
    await migrate(testServerUrl('mysql', name));
    const [rows] = await admin.query<mysql.RowDataPacket[]>(
      `SELECT table_name AS name FROM information_schema.tables
       WHERE table_schema = ? AND table_type = 'BASE TABLE' ORDER BY table_name`,
      [name],
    );
    const tables: string[] = [];
    const withRows: string[] = [];
    for (const { name: table } of rows as { name: string }[]) {
      const [created] = await admin.query<mysql.RowDataPacket[]>(
        `SHOW CREATE TABLE \`${name}\`.\`${table}\``,
      );
      tables.push(String((created[0] as Record<string, unknown>)['Create Table']));
      const [count] = await admin.query<mysql.RowDataPacket[]>(
        `SELECT COUNT(*) AS n FROM \`${name}\`.\`${table}\``,
      );
      if (Number((count[0] as { n: number | string }).n) > 0) {
        withRows.push(table);
      }
    }
    return { dialect: 'mysql', name, tables, withRows };
  } finally {
    await admin.end();
  }
};

/** Makes the templates of the dialects this run covers. */
export const makeTemplates = async (dialects: TDialect[]): Promise<TTemplates> => {
  const makers: Record<TDialect, () => Promise<TTemplate>> = {
    sqlite: sqliteTemplate,
    postgres: postgresTemplate,
    mysql: mysqlTemplate,
  };
  const made = await Promise.all(dialects.map((dialect) => makers[dialect]()));
  return Object.fromEntries(made.map((template) => [template.dialect, template]));
};

export const dropTemplates = async (templates: TTemplates) => {
  if (templates.sqlite?.dialect === 'sqlite') {
    await rm(path.dirname(templates.sqlite.file), { recursive: true, force: true });
  }
  if (templates.postgres?.dialect === 'postgres') {
    const admin = new pg.Client({ connectionString: TEST_SERVER_URLS.postgres });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${templates.postgres.name}" WITH (FORCE)`);
    await admin.end();
  }
  if (templates.mysql?.dialect === 'mysql') {
    const admin = await mysql.createConnection({ uri: TEST_SERVER_URLS.mysql });
    await admin.query(`DROP DATABASE IF EXISTS \`${templates.mysql.name}\``);
    await admin.end();
  }
};

/** Fills the empty database `name` from the template: the same tables, indexes and rows. */
export const copyMysqlTemplate = async (
  template: TTemplate & { dialect: 'mysql' },
  name: string,
) => {
  const connection = await mysql.createConnection({ uri: testServerUrl('mysql', name) });
  try {
    await connection.query('SET FOREIGN_KEY_CHECKS = 0');
    for (const statement of template.tables) {
      await connection.query(statement);
    }
    for (const table of template.withRows) {
      await connection.query(
        `INSERT INTO \`${table}\` SELECT * FROM \`${template.name}\`.\`${table}\``,
      );
    }
  } finally {
    await connection.end();
  }
};

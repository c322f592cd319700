import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import mysql from 'mysql2/promise';
import pg from 'pg';
import type { TDialect } from '../../apps/server/src/db/database';

/**
 * The throwaway portal databases of bench:sync: one per run, made empty on the local
 * servers (SQLite: a file in the bench's temp dir) and dropped by the bench when it ends,
 * whether it succeeded or not.
 */
export type TSyncTarget = {
  dialect: TDialect;
  url: string;
  label: string;
  drop: () => Promise<void>;
};

export type TServerUrls = { mysql: string; postgres: string };

export const DEFAULT_SERVERS: TServerUrls = {
  mysql: process.env.TEST_MYSQL_URL || 'mysql://root@127.0.0.1:3306',
  postgres: process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
};

const uniqueName = (purpose: string) =>
  `portal_bench_sync_${purpose}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;

/** A fresh, empty database of the dialect, named after its purpose ('live', 'reference'). */
export const createSyncTarget = async (
  dialect: TDialect,
  options: { dir: string; purpose: string; servers: TServerUrls },
): Promise<TSyncTarget> => {
  const name = uniqueName(options.purpose);
  if (dialect === 'sqlite') {
    const file = path.join(options.dir, `${name}.db`);
    return {
      dialect,
      url: file,
      label: file,
      drop: async () => {
        for (const suffix of ['', '-wal', '-shm', '-journal']) {
          await rm(`${file}${suffix}`, { force: true });
        }
      },
    };
  }
  if (dialect === 'mysql') {
    const server = options.servers.mysql.replace(/\/$/, '');
    const admin = await mysql.createConnection({ uri: server });
    await admin.query(
      `CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
    );
    await admin.end();
    return {
      dialect,
      url: `${server}/${name}`,
      label: name,
      drop: async () => {
        const connection = await mysql.createConnection({ uri: server });
        await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
        await connection.end();
      },
    };
  }
  const admin = new pg.Client({ connectionString: options.servers.postgres });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(options.servers.postgres);
  url.pathname = `/${name}`;
  return {
    dialect,
    url: url.toString(),
    label: name,
    drop: async () => {
      const client = new pg.Client({ connectionString: options.servers.postgres });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
};

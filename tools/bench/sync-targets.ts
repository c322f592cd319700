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

const SIZE_UNITS: Record<string, number> = { '': 1, K: 2 ** 10, M: 2 ** 20, G: 2 ** 30 };

/** '4G', '512M' or a number of bytes. */
export const parseSize = (text: string): number => {
  const match = /^(\d+(?:\.\d+)?)\s*([KMG]?)i?B?$/i.exec(text.trim());
  if (!match) {
    throw new Error(`"${text}" is not a size (for example 4G, 512M or a number of bytes)`);
  }
  return Math.round(Number(match[1]) * SIZE_UNITS[match[2]!.toUpperCase()]!);
};

export const describeSize = (bytes: number) =>
  bytes >= 2 ** 30 ? `${(bytes / 2 ** 30).toFixed(1)} GiB` : `${Math.round(bytes / 2 ** 20)} MiB`;

/**
 * MariaDB's buffer pool for the bench's runs: its size now and, given a size, set to it
 * until `restore` (InnoDB resizes it online; the global setting is the server's, so the
 * bench puts it back however it ends). Returns the size the runs use.
 */
export const mysqlBufferPool = async (server: string, size?: number) => {
  const connection = await mysql.createConnection({ uri: server });
  try {
    const read = async () => {
      const [rows] = await connection.query('SELECT @@GLOBAL.innodb_buffer_pool_size AS size');
      return Number((rows as { size: number | string }[])[0]!.size);
    };
    const before = await read();
    if (size === undefined || size === before) {
      return { size: before, before, restore: async () => undefined };
    }
    const set = async (bytes: number) => {
      const admin = await mysql.createConnection({ uri: server });
      try {
        await admin.query(`SET GLOBAL innodb_buffer_pool_size = ${Math.trunc(bytes)}`);
      } finally {
        await admin.end();
      }
    };
    await set(size);
    // The resize runs in the background; the size reads back as requested (rounded up to
    // whole chunks) once it is done.
    for (let waited = 0; (await read()) < size && waited < 60_000; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return { size: await read(), before, restore: () => set(before) };
  } finally {
    await connection.end();
  }
};

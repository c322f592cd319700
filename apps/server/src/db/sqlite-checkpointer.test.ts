import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, type TPortalDatabase } from './database';
import { acquireCheckpointer, type TCheckpointReport } from './sqlite-checkpointer';
import { openSqliteFile } from './sqlite-driver';

/**
 * The portal's SQLite connections leave checkpoints to a worker thread
 * (sqlite-checkpointer.ts): a commit that writes many pages returns without copying them
 * back into the database file, and the worker copies them while the process goes on.
 */
describe('SQLite checkpoints in a worker thread', () => {
  let dir: string;
  let file: string;
  let portal: TPortalDatabase;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'portal-checkpoint-'));
    file = path.join(dir, 'portal.db');
    portal = createDatabase(file);
  });

  afterEach(async () => {
    await portal.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves no connection of the process checkpointing or syncing the log inside its commits', async () => {
    const setting = await sql<{
      wal_autocheckpoint: number;
    }>`PRAGMA wal_autocheckpoint`.execute(portal.db);
    expect(setting.rows[0]?.wal_autocheckpoint).toBe(0);

    const writer = openSqliteFile(file);
    const checkpointer = acquireCheckpointer(writer, file);
    try {
      expect(writer.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
      // Nor syncing the log at each commit (FULL, 2, is SQLite's default): checkpoints do.
      expect(writer.pragma('synchronous', { simple: true })).toBe(1);
    } finally {
      await checkpointer.release();
      writer.close();
    }
  });

  it('copies a large commit back into the database file after the commit', async () => {
    await sql`CREATE TABLE filler (id integer PRIMARY KEY, body text NOT NULL)`.execute(portal.db);
    const writer = openSqliteFile(file);
    const checkpointer = acquireCheckpointer(writer, file);
    const reports: TCheckpointReport[] = [];
    const stop = checkpointer.onReport((report) => reports.push(report));
    try {
      const sizeBefore = statSync(file).size;
      const insert = writer.prepare('INSERT INTO filler (body) VALUES (?)');
      // About 8 MB: some 2,000 pages, twice SQLite's own threshold for a checkpoint.
      writer.transaction(() => {
        for (let row = 0; row < 4000; row += 1) {
          insert.run('x'.repeat(2000) + String(row));
        }
      })();
      checkpointer.request();
      await expect
        .poll(() => reports.find((report) => 'log' in report && report.log >= 2000), {
          timeout: 10_000,
        })
        .toBeDefined();
      const done = reports.find((report) => 'log' in report && report.log >= 2000)!;
      expect(done).toMatchObject({ checkpointed: (done as { log: number }).log });
      // The rows are in the database file itself now, not only in the log.
      expect(statSync(file).size - sizeBefore).toBeGreaterThan(8_000_000);
      const count = await sql<{ rows: number }>`SELECT COUNT(*) AS rows FROM filler`.execute(
        portal.db,
      );
      expect(count.rows[0]?.rows).toBe(4000);
    } finally {
      stop();
      await checkpointer.release();
      writer.close();
    }
  });

  it('keeps one worker per file while any connection holds it', async () => {
    const first = openSqliteFile(file);
    const second = openSqliteFile(file);
    const one = acquireCheckpointer(first, file);
    const two = acquireCheckpointer(second, path.relative(process.cwd(), file));
    const reports: TCheckpointReport[] = [];
    const stop = two.onReport((report) => reports.push(report));
    try {
      await one.release();
      // The second connection still has its worker: a request is answered.
      two.request();
      await expect.poll(() => reports.length, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(reports[0]).not.toHaveProperty('error');
    } finally {
      stop();
      await two.release();
      first.close();
      second.close();
    }
  });

  it('lets a process end once its connections have released the worker', () => {
    // A CLI (npm run sync) closes its connections and ends: the worker's end must be awaited
    // with the worker referenced, or the process ends first with its await unsettled (13).
    const here = path.dirname(fileURLToPath(import.meta.url));
    const script = path.join(dir, 'release.mts');
    writeFileSync(
      script,
      `import { openSqliteFile } from ${JSON.stringify(path.join(here, 'sqlite-driver.ts'))};
       import { acquireCheckpointer } from ${JSON.stringify(path.join(here, 'sqlite-checkpointer.ts'))};
       const file = ${JSON.stringify(path.join(dir, 'cli.db'))};
       const db = openSqliteFile(file);
       db.pragma('journal_mode = WAL');
       const checkpointer = acquireCheckpointer(db, file);
       await checkpointer.release();
       db.close();
       console.log('released');`,
    );
    const child = spawnSync(process.execPath, ['--import', 'tsx', script], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(child.stdout).toContain('released');
    expect(child.status).toBe(0);
  });

  it('hands the checkpoints back to the connections, and says so, when the worker cannot run', async () => {
    const writer = openSqliteFile(file);
    const warnings: string[] = [];
    // The worker cannot open a directory as a database: it fails as soon as it starts.
    const checkpointer = acquireCheckpointer(writer, dir, (message) => warnings.push(message));
    try {
      await expect.poll(() => warnings, { timeout: 10_000 }).toHaveLength(1);
      expect(warnings[0]).toMatch(/^SQLite checkpoints went back to the writers' commits: /);
      expect(writer.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    } finally {
      await checkpointer.release();
      writer.close();
    }
  });

  it('changes nothing for an in-memory database', async () => {
    const memory = openSqliteFile(':memory:');
    const checkpointer = acquireCheckpointer(memory, ':memory:');
    expect(memory.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    await checkpointer.release();
    memory.close();
  });
});

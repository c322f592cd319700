import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../lib/portal-process';

/**
 * A PostgreSQL cluster of the deployment test's own, on a free port: the test restarts
 * it, so it must not be the machine's shared server that other tests are using. Built from
 * Debian's server binaries (the postgresql package), run as the postgres user.
 */
export type TPostgresCluster = {
  url: string;
  /** Restarts the server without blocking the event loop, so requests go on meanwhile. */
  restart: () => Promise<void>;
  stop: () => void;
};

const binDir = () => {
  for (const version of ['17', '16', '15', '14', '13']) {
    const dir = `/usr/lib/postgresql/${version}/bin`;
    if (existsSync(path.join(dir, 'pg_ctl'))) {
      return dir;
    }
  }
  throw new Error(
    "PostgreSQL's server binaries were not found under /usr/lib/postgresql/*/bin; install Debian's postgresql package",
  );
};

const asPostgres = (command: string, args: string[]) =>
  execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });

export const startPostgresCluster = async (): Promise<TPostgresCluster> => {
  const bin = binDir();
  const root = mkdtempSync(path.join(tmpdir(), 'portal-deploy-pg-'));
  const postgresUid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const postgresGid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  chownSync(root, postgresUid, postgresGid);
  const dataDir = path.join(root, 'data');
  const port = await freePort();
  asPostgres(path.join(bin, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
  ]);
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const pgCtl = (...args: string[]) =>
    asPostgres(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-w', '-l', `${root}/log`, ...args]);
  pgCtl('-o', options, 'start');
  const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
  await admin.connect();
  await admin.query('CREATE DATABASE portal');
  await admin.end();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/portal`,
    restart: () =>
      new Promise<void>((resolve, reject) => {
        execFile(
          'runuser',
          [
            '-u',
            'postgres',
            '--',
            path.join(bin, 'pg_ctl'),
            '-D',
            dataDir,
            '-w',
            '-l',
            `${root}/log`,
            '-m',
            'fast',
            '-o',
            options,
            'restart',
          ],
          (error) =>
            error ? reject(new Error('pg_ctl restart failed', { cause: error })) : resolve(),
        );
      }),
    stop: () => {
      try {
        pgCtl('-m', 'immediate', 'stop');
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
};

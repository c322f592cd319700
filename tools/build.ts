import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from './lib/server-bundle';

/**
 * Builds the server bundle and the web app when they are missing or older than
 * their sources; `--force` rebuilds both. `npm start` runs this first.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const force = process.argv.includes('--force');

const newestMtime = (entry: string): number => {
  if (!existsSync(entry)) {
    return 0;
  }
  const stats = statSync(entry);
  if (!stats.isDirectory()) {
    return stats.mtimeMs;
  }
  return readdirSync(entry)
    .filter((name) => name !== 'node_modules' && name !== 'dist')
    .reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), stats.mtimeMs);
};

const stale = (output: string, inputs: string[]): boolean => {
  const at = (relative: string) => path.join(root, relative);
  if (force || !existsSync(at(output))) {
    return true;
  }
  const built = statSync(at(output)).mtimeMs;
  return inputs.some((input) => newestMtime(at(input)) > built);
};

const shared = ['packages/domain/src', 'package-lock.json'];

const serverInputs = [
  'apps/server/src',
  'tools/create-user.ts',
  'tools/lib',
  'tools/warehouse',
  ...shared,
];
if (
  stale('apps/server/dist/main.js', serverInputs) ||
  stale('apps/server/dist/create-user.js', serverInputs)
) {
  process.stdout.write('Building the server...\n');
  await buildServer();
}

if (
  stale('apps/web/dist/index.html', [
    'apps/web/src',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/vite-precompress.ts',
    'apps/web/public',
    ...shared,
  ])
) {
  process.stdout.write('Building the web app...\n');
  const result = spawnSync('npm', ['run', 'build', '--workspace', '@portal/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    process.exit(result.status ?? 1);
  }
}

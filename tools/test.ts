import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** `npm test`: every check the project has, cheapest first; stops at the first failure. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const steps: [string, string[]][] = [
  ['typecheck', ['run', 'typecheck']],
  ['lint', ['run', 'lint']],
  ['unit and API tests', ['run', 'test:unit']],
  ['end-to-end tests', ['run', 'test:e2e']],
];

const timings: string[] = [];
for (const [name, args] of steps) {
  const started = Date.now();
  process.stdout.write(`\n=== ${name}: npm ${args.join(' ')}\n`);
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  timings.push(`${name}: ${seconds}s`);
  if (result.status !== 0) {
    process.stdout.write(`\n${name} failed (exit ${result.status ?? result.signal}).\n`);
    process.exit(result.status ?? 1);
  }
}
process.stdout.write(`\nAll checks passed. ${timings.join(', ')}\n`);

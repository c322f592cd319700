import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm test`: every check the project has, cheapest first (typecheck and lint side by
 * side); stops at the first failure. Ends with one plain line, `tests: N passed, N failed`, counted from
 * the Vitest and Playwright JSON reports.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = mkdtempSync(path.join(tmpdir(), 'portal-test-reports-'));
const vitestReport = path.join(reports, 'vitest.json');
const playwrightReport = path.join(reports, 'playwright.json');
const deploymentReport = path.join(reports, 'deployment.json');

type TCount = { passed: number; failed: number };

const readJson = (file: string): unknown =>
  existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as unknown) : undefined;

const countVitest = (file: string): TCount => {
  const report = readJson(file) as { numPassedTests: number; numFailedTests: number } | undefined;
  return { passed: report?.numPassedTests ?? 0, failed: report?.numFailedTests ?? 0 };
};

const countPlaywright = (): TCount => {
  const report = readJson(playwrightReport) as
    { stats: { expected: number; unexpected: number; flaky: number } } | undefined;
  const stats = report?.stats;
  return {
    passed: stats?.expected ?? 0,
    failed: (stats?.unexpected ?? 0) + (stats?.flaky ?? 0),
  };
};

type TStep = { name: string; args: string[]; env?: Record<string, string> };

const eslint = (...args: string[]) => ['exec', '--', 'eslint', '--max-warnings', '0', ...args];

/**
 * Checks that only read the sources, run side by side; their output is kept apart. `npm run
 * lint` is ESLint over the whole tree then Prettier: here the server's files and the rest
 * are linted by two processes beside the typecheck, so neither core waits while the longest
 * check ends (the lint alone took 338 s beside a 159 s typecheck on a slow machine).
 */
const checks: TStep[] = [
  { name: 'typecheck', args: ['run', 'typecheck'] },
  { name: 'lint of the server', args: eslint('apps/server') },
  { name: 'lint of the rest', args: eslint('.', '--ignore-pattern', 'apps/server/**') },
  { name: 'formatting', args: ['exec', '--', 'prettier', '--check', '.'] },
];

const steps: TStep[] = [
  {
    name: 'unit and API tests',
    args: [
      'run',
      'test:unit',
      '--',
      '--reporter=verbose',
      '--reporter=json',
      `--outputFile.json=${vitestReport}`,
    ],
  },
  {
    name: 'end-to-end tests',
    args: ['run', 'test:e2e'],
    env: { E2E_JSON_REPORT: playwrightReport },
  },
  {
    // After the e2e step, whose build it starts: two processes behind nginx on PostgreSQL.
    name: 'deployment test',
    args: [
      'exec',
      '--',
      'vitest',
      'run',
      '--config',
      'tools/deploy-test/vitest.config.ts',
      '--reporter=verbose',
      '--reporter=json',
      `--outputFile.json=${deploymentReport}`,
    ],
  },
];

const summary = () => {
  const counts = [countVitest(vitestReport), countPlaywright(), countVitest(deploymentReport)];
  const passed = counts.reduce((sum, count) => sum + count.passed, 0);
  const failed = counts.reduce((sum, count) => sum + count.failed, 0);
  return `tests: ${passed} passed, ${failed} failed`;
};

/** Runs one step with its output captured, printed whole when it ends. */
const runCaptured = (step: TStep) =>
  new Promise<{ step: TStep; status: number; output: string; seconds: number }>((resolve) => {
    const started = Date.now();
    const child = spawn('npm', step.args, { cwd: root, env: { ...process.env, ...step.env } });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.once('close', (code) =>
      resolve({
        step,
        status: code ?? 1,
        output: Buffer.concat(chunks).toString('utf8'),
        seconds: (Date.now() - started) / 1000,
      }),
    );
  });

const timings: string[] = [];
let exitCode = 0;
for (const result of await Promise.all(checks.map(runCaptured))) {
  process.stdout.write(`\n=== ${result.step.name}: npm ${result.step.args.join(' ')}\n`);
  process.stdout.write(result.output);
  timings.push(`${result.step.name}: ${result.seconds.toFixed(1)}s (beside the other checks)`);
  if (result.status !== 0 && exitCode === 0) {
    process.stdout.write(`\n${result.step.name} failed (exit ${String(result.status)}).\n`);
    exitCode = result.status;
  }
}
for (const step of exitCode === 0 ? steps : []) {
  const started = Date.now();
  process.stdout.write(`\n=== ${step.name}: npm ${step.args.join(' ')}\n`);
  const result = spawnSync('npm', step.args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...step.env },
  });
  timings.push(`${step.name}: ${((Date.now() - started) / 1000).toFixed(1)}s`);
  if (result.status !== 0) {
    process.stdout.write(
      `\n${step.name} failed (exit ${String(result.status ?? result.signal)}).\n`,
    );
    exitCode = result.status ?? 1;
    break;
  }
}
const closing = summary();
rmSync(reports, { recursive: true, force: true });
process.stdout.write(`\n${timings.join(', ')}\n${closing}\n`);
process.exit(exitCode);

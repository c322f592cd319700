import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm test`: every check the project has, cheapest first: the typecheck, lint and format
 * checks side by side; the unit and API tests; the build; then the end-to-end walks with
 * the deployment test beside them. Stops at the first failure. Ends with one plain line,
 * `tests: N passed, N failed`, counted from the Vitest and Playwright JSON reports.
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
const ignored = (dir: string) => ['--ignore-pattern', `${dir}/**`];

/**
 * Checks that only read the sources, run side by side; their output is kept apart. `npm run
 * lint` is ESLint over the whole tree then Prettier: here two ESLint processes share the
 * tree beside the typecheck, so neither core waits while the longest check ends (the lint
 * alone took 338 s beside a 159 s typecheck on a slow machine). The tools and walks import
 * the server, so they are linted with it, its types built once.
 */
const checks: TStep[] = [
  { name: 'typecheck', args: ['run', 'typecheck'] },
  { name: 'lint of the server and tools', args: eslint('apps/server', 'tools', 'e2e') },
  {
    name: 'lint of the web app and packages',
    args: eslint('.', ...['apps/server', 'tools', 'e2e'].flatMap(ignored)),
  },
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
  // `npm run test:e2e` is this build and then the walks; both later steps use the build.
  { name: 'build', args: ['exec', '--', 'tsx', 'tools/build.ts'] },
];

/**
 * The walks, printed as they run, and beside them the deployment test (two processes behind
 * nginx on PostgreSQL), printed when it ends: most of its minute waits for a schedule's
 * slot with both cores free, which the walks use.
 */
const e2e: TStep = {
  name: 'end-to-end tests',
  args: ['exec', '--', 'tsx', 'e2e/run.ts'],
  env: { E2E_JSON_REPORT: playwrightReport },
};
const deployment: TStep = {
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
};

const summary = () => {
  const counts = [countVitest(vitestReport), countPlaywright(), countVitest(deploymentReport)];
  const passed = counts.reduce((sum, count) => sum + count.passed, 0);
  const failed = counts.reduce((sum, count) => sum + count.failed, 0);
  return `tests: ${passed} passed, ${failed} failed`;
};

type TResult = { step: TStep; status: number; output?: string; seconds: number };

/**
 * Runs one step, its output printed as it comes (`inherit`) or captured and printed whole
 * when the caller reports it.
 */
const run = (step: TStep, output: 'inherit' | 'capture') =>
  new Promise<TResult>((resolve) => {
    const started = Date.now();
    if (output === 'inherit') {
      process.stdout.write(`\n=== ${step.name}: npm ${step.args.join(' ')}\n`);
    }
    const child = spawn('npm', step.args, {
      cwd: root,
      env: { ...process.env, ...step.env },
      stdio: output === 'inherit' ? 'inherit' : 'pipe',
    });
    const chunks: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.once('close', (code, signal) =>
      resolve({
        step,
        status: code ?? (signal ? 1 : 0),
        ...(output === 'capture' && { output: Buffer.concat(chunks).toString('utf8') }),
        seconds: (Date.now() - started) / 1000,
      }),
    );
  });

const timings: string[] = [];
let exitCode = 0;
/** Prints what a captured step wrote, notes its time and keeps the first failure's code. */
const report = (result: TResult, note = '') => {
  if (result.output !== undefined) {
    process.stdout.write(`\n=== ${result.step.name}: npm ${result.step.args.join(' ')}\n`);
    process.stdout.write(result.output);
  }
  timings.push(`${result.step.name}: ${result.seconds.toFixed(1)}s${note}`);
  if (result.status !== 0) {
    process.stdout.write(`\n${result.step.name} failed (exit ${String(result.status)}).\n`);
    exitCode ||= result.status;
  }
};

for (const result of await Promise.all(checks.map((step) => run(step, 'capture')))) {
  report(result, ' (beside the other checks)');
}
for (const step of steps) {
  if (exitCode === 0) {
    report(await run(step, 'inherit'));
  }
}
if (exitCode === 0) {
  const [walks, hosts] = await Promise.all([run(e2e, 'inherit'), run(deployment, 'capture')]);
  report(walks);
  report(hosts, ' (beside the end-to-end tests)');
}
const closing = summary();
rmSync(reports, { recursive: true, force: true });
process.stdout.write(`\n${timings.join(', ')}\n${closing}\n`);
process.exit(exitCode);

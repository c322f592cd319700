import { spawnSync } from 'node:child_process';

/** How long an install waits for another apt-get or dpkg to let go of its locks. */
const LOCK_WAIT_MS = 10 * 60_000;
const RETRY_MS = 3_000;
const LOCKED = /Could not get lock|Unable to acquire|Unable to lock/i;

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * One apt-get command, tried again while another apt-get or dpkg holds a lock it needs.
 * CI runs the end-to-end tests (Chromium) beside the deployment test (nginx). On a new
 * machine both install their package, and the second apt-get failed at once on the
 * first's dpkg lock. DPkg::Lock::Timeout makes the install wait for dpkg's lock; the
 * lists lock of `apt-get update` is not covered by it, hence the retries. Any other
 * failure ends the command with apt-get's own message.
 */
const aptGet = (args: string[]) => {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    const result = spawnSync(
      'apt-get',
      ['-o', `DPkg::Lock::Timeout=${LOCK_WAIT_MS / 1000}`, ...args],
      { stdio: ['ignore', 'inherit', 'pipe'], env, encoding: 'utf8' },
    );
    if (result.error) {
      throw result.error;
    }
    if (result.status === 0) {
      process.stderr.write(result.stderr);
      return;
    }
    if (!LOCKED.test(result.stderr) || Date.now() > deadline) {
      process.stderr.write(result.stderr);
      throw new Error(`apt-get ${args.join(' ')} failed (exit ${result.status})`);
    }
    process.stdout.write(`apt-get ${args[0]}: another install holds its lock; waiting...\n`);
    pause(RETRY_MS);
  }
};

/** Installs Debian packages (tests and benchmarks run as root on this machine kind). */
export const aptInstall = (packages: string[]) => {
  aptGet(['update', '-qq']);
  aptGet(['install', '-y', '-qq', ...packages]);
};

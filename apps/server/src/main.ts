import { loadConfig } from './config';
import type { TDemoAccount } from './demo/demo-accounts';
import { startPortal } from './server';

/** How long after SHUTDOWN_GRACE_MS the process exits even if closing has not finished. */
const SHUTDOWN_BACKSTOP_MS = 30_000;

const printDemoAccounts = (accounts: TDemoAccount[]) => {
  if (accounts.length === 0) {
    return;
  }
  const lines = accounts.map((account) => `  ${account.email.padEnd(34)} ${account.password}`);
  // Printed once, on the start that creates them; the passwords are not stored anywhere else.
  process.stdout.write(
    ['', 'Demo accounts created (shown once; keep them safe):', ...lines, ''].join('\n') + '\n',
  );
};

const main = async () => {
  const config = loadConfig();
  const portal = await startPortal(config);
  printDemoAccounts(portal.demoAccounts);
  portal.app.log.info(`supplier portal listening on ${portal.url} (${portal.database.dialect})`);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) {
      return;
    }
    stopping = true;
    portal.app.log.info(
      `${signal} received; finishing in-flight requests, waiting up to ${config.shutdownGraceMs} ms for running syncs`,
    );
    // Whatever hangs (a connection that will not close, a driver that does not answer), the
    // process ends: a rolling deploy must not wait on it. Running syncs are stopped after
    // SHUTDOWN_GRACE_MS and end in seconds; this is the backstop behind that.
    setTimeout(() => {
      portal.app.log.error('shutdown did not finish in time; exiting');
      process.exit(1);
    }, config.shutdownGraceMs + SHUTDOWN_BACKSTOP_MS).unref();
    portal.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        portal.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
};

main().catch((error: unknown) => {
  // Before the app's logger exists: still one JSON line in pino's shape (fatal), on stderr.
  const err =
    error instanceof Error
      ? { type: error.name, message: error.message, stack: error.stack }
      : { message: String(error) };
  const line = { level: 60, time: Date.now(), pid: process.pid, err, msg: err.message };
  process.stderr.write(`${JSON.stringify(line)}\n`);
  process.exit(1);
});

import { loadConfig } from './config';
import type { TDemoAccount } from './demo/demo-accounts';
import { startPortal } from './server';

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

  const shutdown = (signal: string) => {
    portal.app.log.info(`${signal} received; finishing in-flight requests`);
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
  console.error(error);
  process.exit(1);
});

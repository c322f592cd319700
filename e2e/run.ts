import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium, HEADLESS_SHELL } from '../tools/ensure-chromium';
import { freePort, waitForHealth } from '../tools/lib/portal-process';
import { startSmtpCapture } from './smtp-capture';

/**
 * Starts the built portal on a free port with a throwaway data dir, runs the
 * Playwright specs against it, then stops it. Extra arguments go to Playwright.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const DEMO_PASSWORD = 'E2e-Demo-Pass1!';

const browserPath = ensureChromium(HEADLESS_SHELL);
const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-e2e-'));
// The portal's mail goes through real SMTP to a capture server; specs read E2E_MAIL_DIR.
const mailDir = path.join(dataDir, 'captured-mail');
const smtp = await startSmtpCapture(mailDir);
// Specs that sign a token of their own (an expired one) read the secrets from this file.
const secretsFile = path.join(dataDir, 'secrets.json');
const secret = () => randomBytes(48).toString('base64url');
await writeFile(secretsFile, JSON.stringify({ jwt_secret: secret(), cookie_secret: secret() }), {
  mode: 0o600,
});
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const portal = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    DEMO_PASSWORD,
    LOG_LEVEL: 'warn',
    SMTP_URL: smtp.url,
    SECRETS_FILE: secretsFile,
    // A sync's notifications are found within a second, not the default 15 s.
    NOTIFICATION_TICK_MS: '1000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

let status: number;
try {
  await waitForHealth(baseUrl, portal);
  // Not spawnSync: the SMTP capture server lives in this process and
  // must keep answering while the specs run.
  const playwright = spawn('npx', ['playwright', 'test', ...process.argv.slice(2)], {
    cwd: here,
    stdio: 'inherit',
    env: {
      ...process.env,
      E2E_BASE_URL: baseUrl,
      E2E_DEMO_PASSWORD: DEMO_PASSWORD,
      E2E_DATA_DIR: dataDir,
      E2E_MAIL_DIR: mailDir,
      CHROMIUM_PATH: browserPath,
    },
  });
  status = await new Promise<number>((resolve) => {
    playwright.once('exit', (code) => resolve(code ?? 1));
  });
} finally {
  const exited = new Promise((resolve) => portal.once('exit', resolve));
  portal.kill('SIGTERM');
  await exited;
  await smtp.close();
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(status);

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_PATH, ensureChromium } from '../tools/ensure-chromium';
import { startSmtpCapture } from './smtp-capture';

/**
 * Starts the built portal on a free port with a throwaway data dir, runs the
 * Playwright specs against it, then stops it. Extra arguments go to Playwright.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const DEMO_PASSWORD = 'E2e-Demo-Pass1!';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (typeof address === 'object' && address) {
          resolve(address.port);
        } else {
          reject(new Error('no port'));
        }
      });
    });
  });

const waitForHealth = async (url: string, portal: ChildProcess) => {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (portal.exitCode !== null) {
      throw new Error(`the portal exited with ${portal.exitCode} before it was healthy`);
    }
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) {
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the portal at ${url} was not healthy within 60 s`);
};

ensureChromium();
const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-e2e-'));
// The portal's mail goes through real SMTP to a capture server; specs read E2E_MAIL_DIR.
const mailDir = path.join(dataDir, 'captured-mail');
const smtp = await startSmtpCapture(mailDir);
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
      CHROMIUM_PATH,
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

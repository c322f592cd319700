import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * End-to-end tests drive Debian's Chromium; nothing downloads a browser of its own.
 * Installs the package when it is missing (tests run as root on this machine kind).
 */
export const ensureChromium = () => {
  if (existsSync(CHROMIUM_PATH)) {
    return CHROMIUM_PATH;
  }
  process.stdout.write(`${CHROMIUM_PATH} is missing; installing Debian's chromium package...\n`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`apt-get installed chromium but ${CHROMIUM_PATH} is still missing`);
  }
  return CHROMIUM_PATH;
};

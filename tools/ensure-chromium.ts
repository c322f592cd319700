import { existsSync } from 'node:fs';
import { aptInstall } from './lib/apt-install';

type TBrowser = { path: string; debianPackage: string };

/** Debian's Chromium: what Lighthouse measures, as a user's browser renders. */
export const CHROMIUM: TBrowser = {
  path: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  debianPackage: 'chromium',
};

/**
 * What the end-to-end tests drive: Debian's build of Chromium's headless shell (the same
 * engine without the browser's own interface, which Playwright itself runs headless by
 * default). The 97 walks took 9.1 minutes in it and 12.4 in the full browser on this
 * two-core machine kind, where the browsers use every core the run has.
 */
export const HEADLESS_SHELL: TBrowser = {
  path: process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell',
  debianPackage: 'chromium-headless-shell',
};

/**
 * Tests and benchmarks drive Debian's packages; nothing downloads a browser of its own.
 * Installs the package when it is missing (tests run as root on this machine kind).
 */
export const ensureChromium = (browser: TBrowser = CHROMIUM) => {
  if (existsSync(browser.path)) {
    return browser.path;
  }
  process.stdout.write(
    `${browser.path} is missing; installing Debian's ${browser.debianPackage} package...\n`,
  );
  aptInstall([browser.debianPackage]);
  if (!existsSync(browser.path)) {
    throw new Error(
      `apt-get installed ${browser.debianPackage} but ${browser.path} is still missing`,
    );
  }
  return browser.path;
};

import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Flags } from 'lighthouse';
import puppeteer, { type CookieData } from 'puppeteer-core';
import { build } from 'vite';
import { CHROMIUM, ensureChromium } from '../ensure-chromium';
import { freePort, waitForHealth } from '../lib/portal-process';

/**
 * `npm run bench:lighthouse`: Lighthouse (performance, accessibility, best practices)
 * on the built portal's pages, desktop and mobile presets, against a fresh portal of its
 * own with the demo data. Signed-in pages get the session cookies of a real sign-in in the
 * browser's cookie jar.
 * Options: --pages /login,/dashboard (default: all below), --runs N (median of N, default
 * 1), --json file (every report's figures), --web-dist dir (another build, e.g. an older
 * one for a before/after comparison), --reports dir (keeps every full report).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const PASSWORD = 'Lighthouse-Demo-Pass1!';

/** Who opens each page: signed out, the demo case manager, or the admin where only they may. */
const PAGES: Record<string, string | null> = {
  '/login': null,
  '/dashboard': 'case_manager@example.com',
  '/patient-search': 'case_manager@example.com',
  '/worklist': 'case_manager@example.com',
  '/data-sync': 'case_manager@example.com',
  '/analytics': 'admin@example.com',
};

/** Debian's chromium as the e2e tests drive it; nothing downloads a browser. */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];

const { values: args } = parseArgs({
  options: {
    pages: { type: 'string', default: Object.keys(PAGES).join(',') },
    runs: { type: 'string', default: '1' },
    json: { type: 'string' },
    'web-dist': { type: 'string' },
    /** Keep each full Lighthouse report (JSON) in this directory. */
    reports: { type: 'string' },
  },
});

const pages = args.pages.split(',').map((page) => page.trim());
const unknown = pages.filter((page) => !(page in PAGES));
if (unknown.length > 0) {
  throw new Error(`unknown pages ${unknown.join(', ')}; known: ${Object.keys(PAGES).join(', ')}`);
}
const runs = Number(args.runs);

/** A Set-Cookie header as the browser would store it for the portal's host. */
const toBrowserCookie = (header: string): CookieData => {
  const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
  const [name = '', ...value] = pair.split('=');
  const attribute = (key: string) =>
    attributes.find((entry) => entry.toLowerCase().startsWith(key.toLowerCase()));
  return {
    name,
    value: value.join('='),
    domain: '127.0.0.1',
    path: attribute('path=')?.split('=')[1] ?? '/',
    httpOnly: attribute('httponly') !== undefined,
    sameSite: 'Lax',
  };
};

/**
 * Signs in and dismisses the first-login filter prompt, so each page is audited as a
 * returning user sees it. Returns the session's cookies for the browser's jar.
 */
const signIn = async (url: string, email: string) => {
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!login.ok) {
    throw new Error(`sign-in of ${email} failed: ${login.status} ${await login.text()}`);
  }
  const cookies = login.headers.getSetCookie().map(toBrowserCookie);
  const csrf = cookies.find((cookie) => cookie.name === 'csrf_access_token')?.value ?? '';
  const shown = await fetch(`${url}/api/filter-preferences-shown`, {
    method: 'POST',
    headers: {
      cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; '),
      'x-csrf-token': csrf,
    },
  });
  if (!shown.ok) {
    throw new Error(`marking the filter prompt shown failed: ${shown.status}`);
  }
  return cookies;
};

/**
 * A browser of its own for each audit, so each starts cold (a new profile: empty cache)
 * and as its user, with only that user's session in the jar. Lighthouse's own storage
 * reset would sign it out, so it is off.
 */
const launchBrowser = async (cookies: CookieData[]) => {
  const chrome = await launch({ chromePath: CHROMIUM.path, chromeFlags: CHROME_FLAGS });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  if (cookies.length > 0) {
    await browser.setCookie(...cookies);
  }
  await browser.disconnect();
  return chrome;
};

type TFigures = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's CPU yardstick: a typical desktop scores over 1,000; a busy machine far less. */
  benchmarkIndex: number;
  /** Audits below a full score, for the fixes to come. */
  failing: string[];
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

const audit = async (options: {
  url: string;
  port: number;
  preset: 'desktop' | 'mobile';
}): Promise<TFigures> => {
  const flags: Flags = {
    port: options.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    disableStorageReset: true,
  };
  // No config is Lighthouse's default: the mobile preset (Moto G class, slow 4G).
  const config: Config | undefined = options.preset === 'desktop' ? desktopConfig : undefined;
  const result = await lighthouse(options.url, flags, config);
  if (!result) {
    throw new Error(`Lighthouse returned nothing for ${options.url}`);
  }
  if (args.reports) {
    const name = `${new URL(options.url).pathname.replaceAll('/', '_')}-${options.preset}-${Date.now()}.json`;
    await mkdir(args.reports, { recursive: true });
    await writeFile(path.join(args.reports, name), JSON.stringify(result.lhr));
  }
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) {
    throw new Error(`${options.url}: ${runtimeError.code} ${runtimeError.message}`);
  }
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const failing = Object.values(categories)
    .flatMap((category) => category.auditRefs)
    .filter((ref) => ref.weight > 0)
    .map((ref) => audits[ref.id])
    .filter((entry) => entry && entry.score !== null && entry.score < 0.9)
    .map((entry) => {
      const items = (entry?.details as { items?: Record<string, unknown>[] } | undefined)?.items;
      const first = items?.[0] ? ` e.g. ${JSON.stringify(items[0]).slice(0, 200)}` : '';
      return `${entry?.id ?? '?'} (${entry?.displayValue ?? entry?.score ?? ''})${first}`;
    });
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
    tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? Number.NaN),
    cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
    failing,
  };
};

/**
 * Chromium sometimes loses a trace's navigation start (NO_NAVSTART), which Lighthouse
 * answers with "Please run Lighthouse again": so it is, up to three times, in a new browser.
 */
const auditWithRetries = async (options: {
  url: string;
  cookies: CookieData[];
  preset: 'desktop' | 'mobile';
}) => {
  for (let attempt = 1; ; attempt += 1) {
    const chrome = await launchBrowser(options.cookies);
    try {
      return await audit({ url: options.url, port: chrome.port, preset: options.preset });
    } catch (error) {
      if (attempt >= 3) {
        throw error;
      }
      console.log(`  retrying: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      chrome.kill();
    }
  }
};

ensureChromium();
const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-lighthouse-'));
// The portal serves a build of its own (or a copy of --web-dist): a build started
// elsewhere in the checkout while this runs cannot swap the files under it.
const webDist = path.join(dataDir, 'web-dist');
if (args['web-dist']) {
  await cp(path.resolve(args['web-dist']), webDist, { recursive: true });
} else {
  const webRoot = path.join(root, 'apps/web');
  await build({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    logLevel: 'error',
    mode: 'production',
    build: { outDir: webDist, emptyOutDir: true },
  });
}
const portPortal = await freePort();
const baseUrl = `http://127.0.0.1:${portPortal}`;
const portal = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(portPortal),
    HOST: '127.0.0.1',
    DEMO_PASSWORD: PASSWORD,
    LOG_LEVEL: 'warn',
    WEB_DIST: webDist,
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

const rows: ({ page: string; preset: string } & TFigures)[] = [];
try {
  await waitForHealth(baseUrl, portal, 5 * 60_000);
  const sessions = new Map<string, CookieData[]>();
  for (const page of pages) {
    const who = PAGES[page];
    for (const preset of ['desktop', 'mobile'] as const) {
      const samples: TFigures[] = [];
      for (let run = 0; run < runs; run += 1) {
        let cookies: CookieData[] = [];
        if (who) {
          cookies = sessions.get(who) ?? (await signIn(baseUrl, who));
          sessions.set(who, cookies);
        }
        samples.push(await auditWithRetries({ url: `${baseUrl}${page}`, cookies, preset }));
      }
      const pick = (
        key:
          | 'performance'
          | 'accessibility'
          | 'bestPractices'
          | 'lcpMs'
          | 'tbtMs'
          | 'cls'
          | 'benchmarkIndex',
      ) => median(samples.map((sample) => sample[key]));
      const row = {
        page,
        preset,
        performance: pick('performance'),
        accessibility: pick('accessibility'),
        bestPractices: pick('bestPractices'),
        lcpMs: pick('lcpMs'),
        tbtMs: pick('tbtMs'),
        cls: pick('cls'),
        benchmarkIndex: pick('benchmarkIndex'),
        failing: [...new Set(samples.flatMap((sample) => sample.failing))],
      };
      rows.push(row);
      console.log(
        `${page.padEnd(16)} ${preset.padEnd(8)} performance ${String(row.performance).padStart(3)}  accessibility ${String(row.accessibility).padStart(3)}  best practices ${String(row.bestPractices).padStart(3)}  LCP ${String(row.lcpMs).padStart(5)} ms  TBT ${String(row.tbtMs).padStart(4)} ms  CLS ${row.cls.toFixed(3)}  CPU index ${row.benchmarkIndex}`,
      );
      if (row.failing.length > 0) {
        console.log(`  below 90: ${row.failing.join(', ')}`);
      }
    }
  }
} finally {
  if (portal.exitCode === null) {
    const exited = new Promise((resolve) => portal.once('exit', resolve));
    portal.kill('SIGTERM');
    await exited;
  }
  await rm(dataDir, { recursive: true, force: true });
}

if (args.json) {
  await writeFile(args.json, `${JSON.stringify(rows, null, 2)}\n`);
}
const missed = rows.filter(
  (row) =>
    row.performance < (row.preset === 'desktop' ? 95 : 90) ||
    row.accessibility < 100 ||
    row.bestPractices < 95,
);
console.log(
  missed.length === 0
    ? 'every page meets the goal (performance 95 desktop / 90 mobile, accessibility 100, best practices 95)'
    : `below the goal: ${missed.map((row) => `${row.page} ${row.preset}`).join(', ')}`,
);

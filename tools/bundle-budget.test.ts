import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_ACCESS } from '@portal/domain/routes';
import {
  BUDGETS,
  type TManifest,
  gzipBytesIn,
  overBudget,
  routeLoads,
  staticClosure,
} from './lib/bundle-budget';

/**
 * The web app's size budgets (issue 11), measured on a fresh production build of the
 * current sources, so a stale or missing apps/web/dist can neither pass nor fail this.
 */
const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'web');
let outDir: string;
let manifest: TManifest;

beforeAll(async () => {
  outDir = mkdtempSync(path.join(tmpdir(), 'portal-web-budget-'));
  // Vitest runs with NODE_ENV=test, which would make Vite bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  await build({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    logLevel: 'error',
    mode: 'production',
    build: { outDir, emptyOutDir: true },
  }).finally(() => {
    if (nodeEnv === undefined) {
      delete process.env.NODE_ENV;
    } else {
      process.env.NODE_ENV = nodeEnv;
    }
  });
  const manifestFile = path.join(outDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) {
    throw new Error(`the build wrote no manifest at ${manifestFile}: is build.manifest on?`);
  }
  manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as TManifest;
}, 120_000);

afterAll(() => {
  rmSync(outDir, { recursive: true, force: true });
});

describe('bundle budget rules', () => {
  const toy: TManifest = {
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_vendor.js'] },
    '_vendor.js': { file: 'assets/vendor.js' },
    'src/app/app-layout.tsx': { file: 'assets/layout.js', imports: ['index.html'] },
    'src/app/dashboard-route.tsx': {
      file: 'assets/dashboard.js',
      imports: ['index.html', '_vendor.js', '_table.js'],
    },
    '_table.js': { file: 'assets/table.js', imports: ['_vendor.js'] },
  };
  const sizes: Record<string, number> = {
    'assets/index.js': 20_000,
    'assets/vendor.js': 160_000,
    'assets/layout.js': 5_000,
    'assets/dashboard.js': 10_000,
    'assets/table.js': 30_000,
  };
  const loads = routeLoads(toy, (file) => sizes[file] ?? 0);

  it('counts the entry with its imports, and the dashboard beyond what the entry loaded', () => {
    expect([...staticClosure(toy, 'index.html')]).toEqual(['index.html', '_vendor.js']);
    expect(loads.entry.gzipBytes).toBe(180_000);
    expect(loads.dashboard.chunks.map((chunk) => chunk.file)).toEqual([
      'assets/table.js',
      'assets/dashboard.js',
      'assets/layout.js',
    ]);
  });

  it('fails over budget, naming each chunk and its size', () => {
    expect(overBudget('the entry', loads.entry, 170)).toBe(
      'the entry is 180.0 kB gzip, over its 170 kB budget: assets/vendor.js 160.0 kB, assets/index.js 20.0 kB',
    );
    expect(overBudget('the dashboard', loads.dashboard, 120)).toBeUndefined();
  });
});

describe('the web build', () => {
  it(`keeps the entry within ${BUDGETS.entryKb} kB and the dashboard's own chunks within ${BUDGETS.dashboardKb} kB gzip`, () => {
    const loads = routeLoads(manifest, gzipBytesIn(outDir));
    const report = (label: string, load: typeof loads.entry) =>
      `${label}: ${(load.gzipBytes / 1000).toFixed(1)} kB gzip in ${load.chunks.length} chunks`;
    console.log(
      `${report('entry', loads.entry)}; ${report('dashboard beyond it', loads.dashboard)}`,
    );
    expect(overBudget('the entry and its imports', loads.entry, BUDGETS.entryKb)).toBeUndefined();
    expect(
      overBudget("the dashboard's chunks beyond the entry", loads.dashboard, BUDGETS.dashboardKb),
    ).toBeUndefined();
    // Split for real: the dashboard's screen is not part of what /login loads.
    expect(loads.dashboard.gzipBytes).toBeGreaterThan(0);
  });

  it('starts the dashboard with no module that imports zod, nor zod or the overlays themselves', () => {
    // Schemas are built when their module is evaluated, and zod's own start-up with them:
    // on a phone that was a fifth of the dashboard's script time (benchmarks.md, session 8).
    const loads = routeLoads(manifest, gzipBytesIn(outDir));
    const sources = [...loads.entry.chunks, ...loads.dashboard.chunks].flatMap((chunk) => {
      const mapFile = path.join(outDir, `${chunk.file}.map`);
      // The bundler's own runtime has no sources, so no map.
      if (!existsSync(mapFile)) {
        return [];
      }
      const map = JSON.parse(readFileSync(mapFile, 'utf8')) as {
        sources: string[];
      };
      return map.sources.map((source) =>
        path.resolve(path.dirname(path.join(outDir, chunk.file)), source),
      );
    });
    expect(sources.some((source) => source.includes(`${path.sep}react-router${path.sep}`))).toBe(
      true,
    );
    const withZod = sources.filter(
      (source) =>
        source.includes(`${path.sep}node_modules${path.sep}zod${path.sep}`) ||
        (!source.includes(`${path.sep}node_modules${path.sep}`) &&
          /^import (?!type )[^;]*from ['"]zod['"]/m.test(readFileSync(source, 'utf8'))),
    );
    expect(withZod).toEqual([]);
    // Nor the dialogs' and popovers' code: it is fetched once the page is idle
    // (apps/web/src/app/overlay-preload.ts).
    expect(
      sources.filter((source) => /[\\/]node_modules[\\/]@(radix-ui|floating-ui)[\\/]/.test(source)),
    ).toEqual([]);
  });

  it("gives each screen's address a page that preloads what the screen loads beyond the entry", () => {
    const table = JSON.parse(
      readFileSync(path.join(outDir, 'screens', 'screens.json'), 'utf8'),
    ) as Record<string, string>;
    expect(Object.keys(table).sort()).toEqual(
      Object.keys(ROUTE_ACCESS)
        .filter((route) => route !== '/login')
        .sort(),
    );
    const preloads = (page: string) =>
      [
        ...readFileSync(path.join(outDir, page), 'utf8').matchAll(
          /rel="modulepreload"[^>]*href="\/([^"]+)"/g,
        ),
      ].map(([, file]) => file);
    const entryPreloads = preloads('index.html');
    const dashboard = preloads(table['/dashboard']!);
    // The entry's own, then exactly the frame's and the screen's chunks the budget counts.
    expect(dashboard.slice(0, entryPreloads.length)).toEqual(entryPreloads);
    const loads = routeLoads(manifest, gzipBytesIn(outDir));
    expect(dashboard.slice(entryPreloads.length).sort()).toEqual(
      loads.dashboard.chunks.map((chunk) => chunk.file).sort(),
    );
    // A signed-out screen does not fetch the signed-in frame.
    const layout = manifest['src/app/app-layout.tsx']!.file;
    expect(dashboard).toContain(layout);
    expect(preloads(table['/forgot-password']!)).not.toContain(layout);
    expect(preloads(table['/forgot-password']!)).toContain(
      manifest['src/features/auth/components/forgot-password-page.tsx']!.file,
    );
  });

  it('writes brotli and gzip copies of every text asset, and points no script at its map', () => {
    const assets = readdirSync(path.join(outDir, 'assets'));
    const texts = [
      'index.html',
      ...readdirSync(path.join(outDir, 'screens'))
        .filter((file) => /\.(html|json)$/.test(file))
        .map((file) => `screens/${file}`),
      ...assets.filter((file) => /\.(js|css)$/.test(file)).map((file) => `assets/${file}`),
    ];
    const large = texts.filter((file) => readFileSync(path.join(outDir, file)).length >= 256);
    expect(large.length).toBeGreaterThan(3);
    for (const file of large) {
      expect(existsSync(path.join(outDir, `${file}.br`)), `${file}.br`).toBe(true);
      expect(existsSync(path.join(outDir, `${file}.gz`)), `${file}.gz`).toBe(true);
    }
    for (const file of texts.filter((name) => name.endsWith('.js'))) {
      expect(readFileSync(path.join(outDir, file), 'utf8'), file).not.toContain('sourceMappingURL');
    }
  });
});

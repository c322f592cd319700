import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** One chunk of Vite's build manifest (.vite/manifest.json), as far as budgets need it. */
export type TManifestChunk = {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};
export type TManifest = Record<string, TManifestChunk>;

/** What a route loads, in gzip bytes, chunk by chunk. */
export type TLoad = { chunks: { file: string; gzipBytes: number }[]; gzipBytes: number };

/** The web app's budgets (issue 11), in kB of gzip as Vite reports them (1 kB = 1,000 bytes). */
export const BUDGETS = {
  /** index.html's script and every chunk it imports: what /login needs. */
  entryKb: 170,
  /** What /dashboard loads beyond the entry: the signed-in frame and the route's chunks. */
  dashboardKb: 120,
} as const;

/** The manifest keys of the app's entry, the signed-in frame and the dashboard route. */
export const KEYS = {
  entry: 'index.html',
  layout: 'src/app/app-layout.tsx',
  dashboard: 'src/app/dashboard-route.tsx',
} as const;

/** The chunk and every chunk it imports statically: what the browser fetches before it runs. */
export const staticClosure = (manifest: TManifest, key: string): Set<string> => {
  const seen = new Set<string>();
  const visit = (current: string) => {
    if (seen.has(current)) {
      return;
    }
    const chunk = manifest[current];
    if (!chunk) {
      throw new Error(`the build manifest has no chunk "${current}"`);
    }
    seen.add(current);
    chunk.imports?.forEach(visit);
  };
  visit(key);
  return seen;
};

/** Sums the gzip sizes of the given chunks' files (read from the build directory). */
export const measure = (
  manifest: TManifest,
  keys: Iterable<string>,
  gzipBytesOf: (file: string) => number,
): TLoad => {
  const chunks = [...keys]
    .map((key) => {
      const file = manifest[key]?.file;
      if (!file) {
        throw new Error(`the build manifest has no chunk "${key}"`);
      }
      return { file, gzipBytes: gzipBytesOf(file) };
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { chunks, gzipBytes: chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0) };
};

export const gzipBytesIn = (dir: string) => (file: string) =>
  gzipSync(readFileSync(path.join(dir, file)), { level: 9 }).length;

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** Undefined within budget; otherwise a message naming every chunk and its size, largest first. */
export const overBudget = (label: string, load: TLoad, budgetKb: number): string | undefined => {
  if (load.gzipBytes <= budgetKb * 1000) {
    return undefined;
  }
  const chunks = load.chunks.map((chunk) => `${chunk.file} ${kb(chunk.gzipBytes)}`).join(', ');
  return `${label} is ${kb(load.gzipBytes)} gzip, over its ${budgetKb} kB budget: ${chunks}`;
};

/** The entry's load, and what /dashboard loads beyond it. */
export const routeLoads = (manifest: TManifest, gzipBytesOf: (file: string) => number) => {
  const entry = staticClosure(manifest, KEYS.entry);
  const dashboard = new Set([
    ...staticClosure(manifest, KEYS.layout),
    ...staticClosure(manifest, KEYS.dashboard),
  ]);
  const beyondEntry = [...dashboard].filter((key) => !entry.has(key));
  return {
    entry: measure(manifest, entry, gzipBytesOf),
    dashboard: measure(manifest, beyondEntry, gzipBytesOf),
  };
};

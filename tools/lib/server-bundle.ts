import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Where `npm run build` writes the server: main.js (the portal) and create-user.js. */
export const SERVER_DIST = path.join(root, 'apps', 'server', 'dist');

/** The bundles and the source each is built from. */
export const SERVER_ENTRIES = {
  main: path.join(root, 'apps/server/src/main.ts'),
  'create-user': path.join(root, 'tools/create-user.ts'),
} as const;

/**
 * npm packages stay external: the production host installs them (`npm install --omit=dev`),
 * native addons among them. Our workspace packages are bundled, so the bundle needs neither
 * their TypeScript sources nor tsx.
 */
const externalDependencies: Plugin = {
  name: 'external-dependencies',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true },
    );
  },
};

export const buildServer = async ({ outdir = SERVER_DIST } = {}) => {
  await build({
    entryPoints: SERVER_ENTRIES,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    plugins: [externalDependencies],
    logLevel: 'warning',
  });
};

const builtins = new Set(builtinModules);
/** `import … from "x"`, `import("x")`, and `require("x")` through createRequire (lazy drivers). */
const SPECIFIERS = [
  /\bfrom\s*["']([^"']+)["']/g,
  /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
  /^\s*import\s*["']([^"']+)["']/gm,
  /\b\w*[rR]equire\w*\(\s*["']([^"']+)["']\s*\)/g,
];

/** The npm packages a built bundle loads: what production must install. */
export const packagesImportedBy = (bundle: string): string[] => {
  const text = readFileSync(bundle, 'utf8');
  const packages = new Set<string>();
  for (const pattern of SPECIFIERS) {
    for (const [, specifier] of text.matchAll(pattern)) {
      if (!specifier || /^[./]/.test(specifier) || specifier.includes(' ')) {
        continue;
      }
      if (specifier.startsWith('node:') || builtins.has(specifier)) {
        continue;
      }
      const parts = specifier.split('/');
      packages.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!);
    }
  }
  return [...packages].sort();
};

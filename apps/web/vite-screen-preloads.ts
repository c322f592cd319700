import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
// By path: Vite loads its config with Node, which takes the workspace's TypeScript only
// when it is bundled into the config, and it bundles relative imports alone.
import { ROUTE_ACCESS } from '../../packages/domain/src/routes';

/** Where the build writes the pages and the table the server reads (plugins/web.ts). */
export const SCREENS_DIR = 'screens';
export const SCREENS_TABLE = `${SCREENS_DIR}/screens.json`;

const TABLE_SOURCE = 'src/app/page-modules.ts';
const SCREEN_ENTRY = /'(\/[^']*)':\s*\(\)\s*=>\s*import\('([^']+)'\)/g;
const LAYOUT_ENTRY = /loadAppLayout = \(\) => import\('([^']+)'\)/;

/** The module a specifier of the table names, as the bundler resolved it. */
const resolveModule = (fromDir: string, specifier: string) => {
  const base = path.resolve(fromDir, specifier);
  const file = ['.tsx', '.ts'].map((extension) => base + extension).find(existsSync);
  if (!file) {
    throw new Error(`${TABLE_SOURCE} imports ${specifier}, which is no module`);
  }
  return file;
};

type OutputBundle = Rolldown.OutputBundle;

const chunks = (bundle: OutputBundle) =>
  Object.values(bundle).filter((output): output is Rolldown.OutputChunk => output.type === 'chunk');

/** A chunk's file and every file it imports statically, at any depth. */
const withStaticImports = (bundle: OutputBundle, file: string, into = new Set<string>()) => {
  if (!into.has(file)) {
    into.add(file);
    const chunk = bundle[file];
    for (const imported of chunk?.type === 'chunk' ? chunk.imports : []) {
      withStaticImports(bundle, imported, into);
    }
  }
  return into;
};

/** `/data-sync/integrity` → `screens/data-sync--integrity.html` */
const pageFile = (screenPath: string) =>
  `${SCREENS_DIR}/${screenPath.slice(1).replaceAll('/', '--')}.html`;

/**
 * A copy of index.html for each screen that is a chunk of its own, naming that chunk and its
 * imports (and, for a signed-in screen, the frame's) as module preloads. Without them the
 * browser learns of a screen's code only once React, the router and the app have
 * downloaded and run: on a slow phone that wait came first in the time to the screen's
 * first content. They go at low priority: at the same priority as the style sheet and the
 * app's own scripts they delayed the first paint (Lighthouse's phone preset: 1.8 → 2.1 s).
 * The server sends each address its page (plugins/web.ts).
 */
export const screenPreloads = (): Plugin => {
  let root = '';
  return {
    name: 'portal-screen-preloads',
    apply: 'build',
    configResolved: (config) => {
      root = config.root;
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const tableFile = path.join(root, TABLE_SOURCE);
        const source = readFileSync(tableFile, 'utf8');
        const fromDir = path.dirname(tableFile);
        const chunkOf = (specifier: string) => {
          const module = resolveModule(fromDir, specifier);
          const chunk = chunks(bundle).find((candidate) => candidate.facadeModuleId === module);
          if (!chunk) {
            throw new Error(`no chunk of its own for ${specifier} in ${TABLE_SOURCE}`);
          }
          return chunk.fileName;
        };
        const layout = LAYOUT_ENTRY.exec(source)?.[1];
        const screens = [...source.matchAll(SCREEN_ENTRY)].map(([, screenPath, specifier]) => ({
          screenPath: screenPath!,
          file: chunkOf(specifier!),
        }));
        const expected = Object.keys(ROUTE_ACCESS).filter((route) => route !== '/login');
        const missing = expected.filter((route) => !screens.some((s) => s.screenPath === route));
        if (!layout || missing.length > 0) {
          throw new Error(
            `${TABLE_SOURCE} could not be read for ${missing.join(', ') || 'the frame'}`,
          );
        }

        const index = bundle['index.html'];
        const entry = chunks(bundle).find((chunk) => chunk.isEntry);
        if (index?.type !== 'asset' || !entry) {
          throw new Error('the build has no index.html or no entry chunk');
        }
        const html = index.source.toString();
        const inEntry = withStaticImports(bundle, entry.fileName);
        const layoutFiles = withStaticImports(bundle, chunkOf(layout));
        const table: Record<string, string> = {};
        for (const { screenPath, file } of screens) {
          const files = withStaticImports(
            bundle,
            file,
            ROUTE_ACCESS[screenPath as keyof typeof ROUTE_ACCESS] === 'public'
              ? new Set()
              : new Set(layoutFiles),
          );
          const links = [...files]
            .filter((name) => !inEntry.has(name))
            .map(
              (name) =>
                `    <link rel="modulepreload" fetchpriority="low" crossorigin href="/${name}">\n`,
            )
            .join('');
          const fileName = pageFile(screenPath);
          this.emitFile({
            type: 'asset',
            fileName,
            source: html.replace('  </head>', `${links}  </head>`),
          });
          table[screenPath] = fileName;
        }
        this.emitFile({ type: 'asset', fileName: SCREENS_TABLE, source: JSON.stringify(table) });
      },
    },
  };
};

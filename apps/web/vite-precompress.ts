import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text the server sends; images already compressed and source maps are left alone. */
const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 256;

const filesUnder = async (dir: string): Promise<string[]> => {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(full) : Promise.resolve([full]);
    }),
  );
  return nested.flat();
};

/** Writes file.br and file.gz beside every text asset of the build, at the highest levels. */
export const compressDir = async (dir: string) => {
  const files = (await filesUnder(dir)).filter(
    (file) => COMPRESSIBLE.test(file) && !file.includes(`${path.sep}.vite${path.sep}`),
  );
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < MIN_BYTES) {
        return;
      }
      const body = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    }),
  );
};

/**
 * Precompresses the build once, so the server sends .br/.gz files as they are
 * (@fastify/static's preCompressed) instead of compressing on every request.
 */
export const precompress = (): Plugin => {
  let config: ResolvedConfig;
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved: (resolved) => {
      config = resolved;
    },
    closeBundle: async () => {
      await compressDir(path.resolve(config.root, config.build.outDir));
    },
  };
};

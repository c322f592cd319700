import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** npm dependencies stay external (native addons among them); our workspace packages are bundled. */
const externalDependencies: Plugin = {
  name: 'external-dependencies',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true },
    );
  },
};

export const buildServer = async () => {
  await build({
    entryPoints: [path.join(root, 'apps/server/src/main.ts')],
    outfile: path.join(root, 'apps/server/dist/main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    plugins: [externalDependencies],
    logLevel: 'warning',
  });
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServer();
}

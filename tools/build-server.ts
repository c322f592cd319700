import { fileURLToPath } from 'node:url';
import { buildServer } from './lib/server-bundle';

/** Builds apps/server/dist/main.js and create-user.js (tools/lib/server-bundle.ts). */
export { buildServer };

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServer();
}

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export type TWebOptions = {
  /** The built web app: index.html, assets/ and the .br/.gz copies the build writes. */
  webDist: string;
  /** Serve the build's .map files (SOURCE_MAPS=true); otherwise they answer 404. */
  sourceMaps: boolean;
};

/** Asked for by name, a compressed copy would go out without its Content-Encoding. */
const PRECOMPRESSED_COPY = /\.(br|gz)$/;

/**
 * The page each screen's address gets: index.html with the screen's chunks named as module
 * preloads, written by the build (apps/web/vite-screen-preloads.ts). A build without the
 * table serves index.html everywhere.
 */
const readScreenPages = (webDist: string): ReadonlyMap<string, string> => {
  const table = path.join(webDist, 'screens', 'screens.json');
  if (!existsSync(table)) {
    return new Map();
  }
  return new Map(Object.entries(JSON.parse(readFileSync(table, 'utf8')) as Record<string, string>));
};

/**
 * Serves the built single-page app. Any GET that is not /api and not a file gets
 * index.html (or its screen's copy) so the client router can take it; /api stays JSON 404.
 * Text files go out as the build's brotli or gzip copy when the client accepts one.
 */
export const registerWeb = async (app: FastifyInstance, { webDist, sourceMaps }: TWebOptions) => {
  const index = path.join(webDist, 'index.html');
  if (!existsSync(index)) {
    app.log.warn(`web build not found at ${webDist}; serving the API only`);
    return;
  }
  const screenPages = readScreenPages(webDist);
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    // The build writes file.br and file.gz (apps/web/vite-precompress.ts); nothing is
    // compressed per request. Responses carry Vary: Accept-Encoding.
    preCompressed: true,
    // Source maps hold every client source file: only for a deployment that asks.
    allowedPath: (pathname) =>
      !PRECOMPRESSED_COPY.test(pathname) && (sourceMaps || !pathname.endsWith('.map')),
    setHeaders: (reply, file) => {
      // Vite fingerprints assets, so they never change; index.html must always be re-checked.
      const immutable = file.includes(`${path.sep}assets${path.sep}`);
      void reply.header(
        'Cache-Control',
        immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    // A missing script or style is a 404, not index.html served as JavaScript (a blank page).
    if (
      request.url.startsWith('/api/') ||
      request.url === '/api' ||
      request.url.startsWith('/assets/')
    ) {
      reply.callNotFound();
      return reply;
    }
    const page = screenPages.get(request.url.split('?', 1)[0]!) ?? 'index.html';
    return reply.header('Cache-Control', 'no-cache').sendFile(page);
  });
};

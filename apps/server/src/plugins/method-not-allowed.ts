import type { FastifyInstance } from 'fastify';

/**
 * Which methods an /api address takes, for a 405 with `Allow` (RFC 9110 §15.5.6) when a
 * request names a real address with a method it does not take; other misses stay 404.
 * Routes are recorded as they are added (onRoute), so this must be set up before them.
 */
export const allowedMethods = (app: FastifyInstance) => {
  const routes: { methods: string[]; pattern: RegExp }[] = [];
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) {
      return;
    }
    const pattern = route.url
      .split('/')
      .map((segment) =>
        segment.startsWith(':') ? '[^/]+' : segment === '*' ? '.*' : escape(segment),
      )
      .join('/');
    routes.push({ methods: [route.method].flat(), pattern: new RegExp(`^${pattern}$`) });
  });
  return (url: string): string[] => {
    const path = url.split('?', 1)[0] ?? '';
    if (!path.startsWith('/api/')) {
      return [];
    }
    const methods = routes.filter((route) => route.pattern.test(path)).flatMap((r) => r.methods);
    return [...new Set(methods)];
  };
};

/**
 * zod's settings live in one object on `globalThis`, which zod adopts when it loads
 * (zod/v4/core: `globalThis.__zod_globalConfig`). Setting it here, before any screen loads
 * zod, keeps zod itself out of the app's start-up: no start-up module imports it (decisions.md,
 * "Typed reads in the browser").
 */
type TZodSettings = { jitless?: boolean };

const holder = globalThis as typeof globalThis & { __zod_globalConfig?: TZodSettings };

/**
 * The CSP forbids eval: without `jitless` zod probes `new Function` on its first parse,
 * which the browser reports as a Content Security Policy violation on every page.
 */
export const configureZodWithoutEval = () => {
  holder.__zod_globalConfig ??= {};
  holder.__zod_globalConfig.jitless = true;
};

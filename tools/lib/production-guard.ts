import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The folders of the packages `npm install --omit=dev` leaves out: package-lock.json marks
 * them `dev` (reached only through devDependencies).
 */
export const devOnlyPackageDirs = (): string[] => {
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dev?: boolean }>;
  };
  return Object.entries(lock.packages)
    .filter(([key, entry]) => key.includes('node_modules/') && entry.dev === true)
    .map(([key]) => path.join(root, key));
};

/** Where package-lock.json puts a package the bundle names, and whether production installs it. */
export const lockEntryOf = (name: string) => {
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dev?: boolean; optional?: boolean; version?: string }>;
  };
  return lock.packages[`apps/server/node_modules/${name}`] ?? lock.packages[`node_modules/${name}`];
};

const HOOKS = `
let forbidden = [];
export const initialize = (data) => { forbidden = data; };
export const resolve = async (specifier, context, nextResolve) => {
  const resolved = await nextResolve(specifier, context);
  if (forbidden.some((prefix) => resolved.url.startsWith(prefix))) {
    throw new Error('loaded ' + specifier + ' (' + resolved.url + '), which production does not install');
  }
  return resolved;
};
`;

const GUARD = (hooksUrl: string, dirs: string[]) => `
import Module, { register } from 'node:module';
import { sep } from 'node:path';
const dirs = ${JSON.stringify(dirs)};
register(${JSON.stringify(hooksUrl)}, { data: ${JSON.stringify(dirs.map((dir) => `${pathToFileURL(dir).href}/`))} });
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const file = resolveFilename.call(this, request, ...rest);
  if (dirs.some((dir) => file.startsWith(dir + sep))) {
    throw new Error('required ' + request + ' (' + file + '), which production does not install');
  }
  return file;
};
`;

/**
 * Writes a Node `--import` module into `dir` that makes loading any file of the given package
 * folders (import or require) throw, and returns the node arguments that apply it: a built
 * bundle run under it proves it needs none of them.
 */
export const guardAgainst = (dir: string, packageDirs: string[]): string[] => {
  const hooks = path.join(dir, 'forbid-hooks.mjs');
  const guard = path.join(dir, 'forbid-guard.mjs');
  writeFileSync(hooks, HOOKS);
  writeFileSync(guard, GUARD(pathToFileURL(hooks).href, packageDirs));
  return ['--import', pathToFileURL(guard).href];
};

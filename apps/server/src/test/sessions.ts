import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { TRole } from '@portal/domain/roles';
import type { Database } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { insertUser } from '../modules/users/repository';

/** A password every policy rule accepts; tests that need others say so. */
export const TEST_PASSWORD = 'Quiet-Harbor-42!';

/**
 * One argon2 hash per password for a worker's whole run, not one per test user: each costs
 * about 30 ms of a core at the production parameters. Salted once, the hash verifies for
 * every user that holds it, and each sign-in still verifies it in full.
 */
const hashes = new Map<string, Promise<string>>();
const testHash = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
};

export const createTestUser = async (
  db: Kysely<Database>,
  user: {
    email: string;
    role?: TRole;
    password?: string;
    passwordResetRequired?: boolean;
    payorKey?: string | null;
    patientKey?: string | null;
  },
) =>
  insertUser(db, {
    email: user.email,
    username: user.email.split('@')[0] ?? user.email,
    password_hash: await testHash(user.password ?? TEST_PASSWORD),
    role: user.role ?? 'case_manager',
    password_reset_required: user.passwordResetRequired ? 1 : 0,
    payor_key: user.payorKey ?? null,
    patient_key: user.patientKey ?? null,
  });

/** A cookie jar: the values a browser would hold after the responses it has seen. */
export type TJar = Record<string, string>;

export const updateJar = (jar: TJar, response: LightMyRequestResponse): TJar => {
  const entries = new Map(Object.entries(jar));
  for (const cookie of response.cookies as { name: string; value: string; maxAge?: number }[]) {
    if (cookie.value === '' || cookie.maxAge === 0) {
      entries.delete(cookie.name);
    } else {
      entries.set(cookie.name, cookie.value);
    }
  }
  return Object.fromEntries(entries);
};

/** The jar without the named cookies, as after they expired in the browser. */
export const withoutCookies = (jar: TJar, ...names: string[]): TJar =>
  Object.fromEntries(Object.entries(jar).filter(([name]) => !names.includes(name)));

export const cookieHeader = (jar: TJar) =>
  Object.entries(jar)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');

/** Signs in through the API and returns the browser's cookie jar afterwards. */
export const signIn = async (
  app: FastifyInstance,
  login: { email: string; password?: string; rememberMe?: boolean; ip?: string },
) => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: {
      email: login.email,
      password: login.password ?? TEST_PASSWORD,
      remember_me: login.rememberMe ?? false,
    },
    remoteAddress: login.ip ?? '127.0.0.1',
  });
  return { response, jar: updateJar({}, response) };
};

/** A request as the web app sends it: the jar's cookies and the CSRF header from its cookie. */
export const withSession = (jar: TJar, options: InjectOptions): InjectOptions => ({
  ...options,
  headers: {
    cookie: cookieHeader(jar),
    ...(jar.csrf_access_token ? { 'x-csrf-token': jar.csrf_access_token } : {}),
    ...options.headers,
  },
});

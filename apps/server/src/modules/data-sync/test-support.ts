import type { FastifyInstance, InjectOptions } from 'fastify';
import type { TRole } from '@portal/domain/roles';
import { createTestUser, signIn, withSession } from '../../test/sessions';

let counter = 0;

/** A signed-in user of the role: a function sending requests as the web app would. */
export const signInAs = async (app: FastifyInstance, role: TRole) => {
  counter += 1;
  const email = `${role}.${counter}.${Date.now().toString(36)}@sync.test`;
  await createTestUser(app.portal.database.db, { email, role });
  const { response, jar } = await signIn(app, { email });
  if (response.statusCode !== 200) {
    throw new Error(`sign-in of ${role} failed: ${response.body}`);
  }
  return (options: InjectOptions) => app.inject(withSession(jar, options));
};

export type TAsUser = Awaited<ReturnType<typeof signInAs>>;

/** Starts a group run and waits for every run of the app to end; returns the job id. */
export const runGroup = async (
  app: FastifyInstance,
  as: TAsUser,
  groupId: string,
  retrySettings?: { max_retries?: number; retry_delay?: number },
) => {
  const response = await as({
    method: 'POST',
    url: '/api/data-sync/force-sync',
    payload: { group_id: groupId, ...(retrySettings ? { retry_settings: retrySettings } : {}) },
  });
  if (response.statusCode !== 200) {
    throw new Error(`force-sync of ${groupId} answered ${response.statusCode}: ${response.body}`);
  }
  await app.dataSync.idle();
  return response.json<{ job_id: string }>().job_id;
};

export const getJson = async <T = Record<string, unknown>>(as: TAsUser, url: string) => {
  const response = await as({ method: 'GET', url });
  if (response.statusCode !== 200) {
    throw new Error(`GET ${url} answered ${response.statusCode}: ${response.body}`);
  }
  return response.json<T>();
};

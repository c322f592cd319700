import type { InjectOptions } from 'fastify';
import { beforeAll } from 'vitest';
import type { TDialect } from '../../db/database';
import { signIn, withSession, type TJar } from '../../test/sessions';
import { useTestPortal } from '../../test/test-portal';
import { seedScenario, USERS, type TScenarioUser } from '../patients/test-scenario';
import { multipart, type TUploadFile } from './test-files';

/**
 * The patients scenario (two payors, one user per scope) on a test portal, with helpers
 * to upload and call the document API as any of its users. `env` is read when the
 * portal starts, so a suite may fill it in an earlier beforeAll (the S3 endpoint).
 */
export const useDocumentScenario = (dialect: TDialect, env: Record<string, string> = {}) => {
  const portal = useTestPortal(dialect, env);
  const jars = {} as Record<TScenarioUser, TJar>;
  beforeAll(async () => {
    const { app, database } = portal();
    await seedScenario(database.db);
    for (const [name, user] of Object.entries(USERS) as [TScenarioUser, { email: string }][]) {
      jars[name] = (await signIn(app, { email: user.email })).jar;
    }
  });

  const call = (user: TScenarioUser, options: InjectOptions) =>
    portal().app.inject(withSession(jars[user], options));

  const upload = (user: TScenarioUser, fields: Record<string, string>, files: TUploadFile[]) => {
    const body = multipart(fields, files);
    return call(user, {
      method: 'POST',
      url: '/api/documents/upload',
      payload: body.payload,
      headers: body.headers,
    });
  };

  const rowCount = async () => {
    const row = await portal()
      .database.db.selectFrom('documents')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  const storedKeys = async () => {
    const keys: string[] = [];
    for await (const object of portal().app.documentStorage.list()) {
      keys.push(object.key);
    }
    return keys;
  };

  return { portal, call, upload, jars, rowCount, storedKeys };
};

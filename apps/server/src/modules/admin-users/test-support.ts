import type { FastifyInstance } from 'fastify';
import type { TRole } from '@portal/domain/roles';
import { createTestUser, signIn, withSession, type TJar } from '../../test/sessions';

/** A multipart body with one file part, as a browser's FormData sends it. */
export const csvForm = (content: string | Buffer, name = 'users.csv', field = 'file') => {
  const boundary = `----admin-test-${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

let made = 0;
/** A signed-in user of the role, with a fresh email. */
export const signedInAs = async (app: FastifyInstance, role: TRole = 'admin') => {
  made += 1;
  const email = `${role}-${made}-${Math.random().toString(16).slice(2, 8)}@staff.example.com`;
  const id = await createTestUser(app.portal.database.db, { email, role });
  return { id, email, jar: (await signIn(app, { email })).jar };
};

export const postCsv = (
  app: FastifyInstance,
  jar: TJar,
  url: string,
  content: string | Buffer,
  name?: string,
) => app.inject(withSession(jar, { method: 'POST', url, ...csvForm(content, name) }));

import type { TDialect } from '../../db/database';
import { testClock } from '../../test/clock';
import { readOutboxFiles } from '../../test/mail';
import { TEST_PASSWORD, createTestUser, signIn, withSession, type TJar } from '../../test/sessions';
import { useTestPortal } from '../../test/test-portal';

/** A portal with a test clock and the profile calls a test makes, as signed-in users. */
export const useProfileHarness = (dialect: TDialect) => {
  const clock = testClock();
  const portal = useTestPortal(dialect, {}, { clock: clock.now });

  let users = 0;
  const signedIn = async (role: 'patient' | 'case_manager' = 'case_manager') => {
    const { app, database } = portal();
    users += 1;
    const email = `profile-${users}@example.com`;
    const id = await createTestUser(database.db, { email, role });
    return { id, email, jar: (await signIn(app, { email })).jar };
  };
  const read = (jar: TJar) =>
    portal().app.inject(withSession(jar, { method: 'GET', url: '/api/profile' }));
  // Each call from an address of its own unless a test names one: email changes are
  // limited per client address too.
  let calls = 0;
  const update = (jar: TJar, payload: object, ip?: string) => {
    calls += 1;
    const remoteAddress = ip ?? `10.28.${Math.floor(calls / 250)}.${(calls % 250) + 1}`;
    return portal().app.inject(
      withSession(jar, { method: 'PUT', url: '/api/profile', payload, remoteAddress }),
    );
  };
  /** Asks to move the user to `next` with the right password. */
  const requestChange = (user: { jar: TJar }, next: string, ip?: string) =>
    update(user.jar, { username: 'Someone', email: next, current_password: TEST_PASSWORD }, ip);
  const confirm = (token: string) =>
    portal().app.inject({
      method: 'POST',
      url: '/api/profile/confirm-email',
      payload: { token },
    });
  const mailsTo = async (address: string) => {
    await portal().app.mail.flush();
    return (await readOutboxFiles(portal().config.dataDir)).filter((mail) =>
      mail.includes(`To: ${address}`),
    );
  };
  /** The token of the newest confirmation link mailed to `address`. */
  const linkTokenFor = async (address: string) => {
    const mail = (await mailsTo(address)).at(-1) ?? '';
    const token = /confirm-email\?token=([A-Za-z0-9_-]+)/.exec(mail)?.[1];
    if (!token) {
      throw new Error(`no confirmation link to ${address}`);
    }
    return token;
  };
  const row = (id: number) =>
    portal()
      .database.db.selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  return {
    portal,
    clock,
    signedIn,
    read,
    update,
    requestChange,
    confirm,
    mailsTo,
    linkTokenFor,
    row,
  };
};

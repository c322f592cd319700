import { describe, expect, it } from 'vitest';
import type { TBulkUploadResponse } from '@portal/domain/bulk-users';
import { FIRST_ACCESS_MESSAGES, INVITED } from '@portal/domain/first-access';
import type { TActivationResponse } from '@portal/domain/portal-activation-api';
import { activationResultsCsvRows } from '@portal/domain/portal-activation-api';
import { testClock } from '../../test/clock';
import { testDialects } from '../../test/databases';
import { readOutboxFiles } from '../../test/mail';
import { insertPatients, insertPayors } from '../../test/erp-fixtures';
import { signIn, updateJar, withSession } from '../../test/sessions';
import { useTestPortal } from '../../test/test-portal';
import { postCsv, signedInAs } from '../admin-users/test-support';
import { listAuditEntries } from '../audit/repository';
import { savePolicy } from '../mfa/policy';

const DAY = 24 * 60 * 60 * 1000;
const NEW_PASSWORD = 'Lantern-Orchard-93!';

/** The link's token (`path`: accept-invitation or reset-password) in a delivered mail. */
const tokenIn = (mail: string, path = 'accept-invitation') => {
  const match = new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(mail);
  if (!match?.[1]) {
    throw new Error(`no ${path} link in: ${mail}`);
  }
  return match[1];
};

describe.each(testDialects())('First access without handed-out passwords [%s]', (dialect) => {
  const clock = testClock();
  const portal = useTestPortal(
    dialect,
    { TEMPORARY_PASSWORD_DAYS: '3', APP_ORIGIN: 'https://portal.example.org' },
    { clock: clock.now },
  );
  const app = () => portal().app;
  const db = () => portal().database.db;
  let seeded: Promise<void> | undefined;
  const seed = () =>
    (seeded ??= (async () => {
      await insertPayors(db(), [{ payor_key: 'PAY-A', company_name: 'Acme Health' }]);
      await insertPatients(db(), [
        {
          patient_key: 'FA-1',
          patient_id: 'F001',
          first_name: 'Ivy',
          last_name: 'Invite',
          email: 'ivy@patients.example.com',
          phone: null,
          payor_key: 'PAY-A',
        },
        {
          patient_key: 'FA-2',
          patient_id: 'F002',
          first_name: 'Tom',
          last_name: 'Temp',
          email: 'tom@patients.example.com',
          phone: null,
          payor_key: 'PAY-A',
        },
        {
          patient_key: 'FA-4',
          patient_id: 'F004',
          first_name: 'Rae',
          last_name: 'Race',
          email: 'rae@patients.example.com',
          phone: null,
          payor_key: 'PAY-A',
        },
        {
          patient_key: 'FA-3',
          patient_id: 'F003',
          first_name: 'Cass',
          last_name: 'Csv',
          email: 'cass@patients.example.com',
          phone: null,
          payor_key: 'PAY-A',
        },
      ]);
    })());
  /** The outbox rows to `to`, and the mails delivered to them (newest last). */
  const mailsTo = async (to: string) => {
    const queued = await db()
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to_address', '=', to)
      .execute();
    await app().mail.flush();
    const delivered = (await readOutboxFiles(portal().config.dataDir)).filter((mail) =>
      mail.includes(`To: ${to}`),
    );
    return { queued, delivered, last: delivered.at(-1) ?? '' };
  };
  const activate = async (keys: string[], delivery?: 'invitation' | 'temporary_password') => {
    await seed();
    const { jar } = await signedInAs(app());
    const response = await app().inject(
      withSession(jar, {
        method: 'POST',
        url: '/api/admin/activate-patient-portal-bulk',
        payload: { patient_keys: keys, ...(delivery && { delivery }) },
      }),
    );
    expect(response.statusCode).toBe(200);
    return response.json<TActivationResponse>().results;
  };
  const login = (email: string, password: string) =>
    app().inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password, remember_me: false },
    });
  const accept = (token: string, password = NEW_PASSWORD) =>
    app().inject({
      method: 'POST',
      url: '/api/accept-invitation',
      payload: { token, new_password: password },
    });
  const verify = (token: string) =>
    app().inject({ method: 'POST', url: '/api/verify-invitation', payload: { token } });

  it('refuses a temporary password past its lifetime with its message, and a reset link lifts it', async () => {
    const results = await activate(['FA-2']);
    const [row] = results.successful;
    expect(row).toMatchObject({ invited: false, email: 'tom@patients.example.com' });
    const password = row?.temp_password ?? '';
    expect(password).not.toBe('');
    clock.advance(3 * DAY - 60_000);
    expect((await login('tom@patients.example.com', password)).statusCode).toBe(200);
    clock.advance(2 * 60_000);
    const expired = await login('tom@patients.example.com', password);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ error: FIRST_ACCESS_MESSAGES.temporaryPasswordExpired });
    expect(expired.cookies).toEqual([]);
    // A wrong password says nothing of the expiry.
    const wrong = await login('tom@patients.example.com', 'Not-The-Password-1!');
    expect(wrong.json<{ error: string }>().error).not.toBe(
      FIRST_ACCESS_MESSAGES.temporaryPasswordExpired,
    );
    const user = await db()
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'tom@patients.example.com')
      .executeTakeFirstOrThrow();
    const audited = await listAuditEntries(db(), { userId: user.id, action: 'login_failure' });
    expect(JSON.stringify(audited)).toContain('temporary_password_expired');
    // The forgot-password link clears the expired state.
    const forgot = await app().inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { email: 'tom@patients.example.com' },
    });
    expect(forgot.statusCode).toBe(200);
    const token = tokenIn((await mailsTo('tom@patients.example.com')).last, 'reset-password');
    // A reset link is no invitation.
    expect((await verify(token)).json()).toMatchObject({ valid: false });
    const reset = await app().inject({
      method: 'POST',
      url: '/api/reset-password-with-token',
      payload: { token, new_password: NEW_PASSWORD },
    });
    expect(reset.statusCode).toBe(200);
    clock.advance(30 * DAY);
    expect((await login('tom@patients.example.com', NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('sends an invitation instead of a password; its link works once, then signs the patient in', async () => {
    const results = await activate(['FA-1'], 'invitation');
    expect(results.successful).toEqual([
      expect.objectContaining({
        email: 'ivy@patients.example.com',
        invited: true,
        temp_password: null,
      }),
    ]);
    expect(activationResultsCsvRows(results)[1]).toContain(INVITED);
    const mails = await mailsTo('ivy@patients.example.com');
    expect(mails.queued).toEqual([
      { subject: 'Welcome to the Supplier Portal: choose your password' },
    ]);
    expect(mails.delivered).toHaveLength(1);
    expect(mails.last).toContain('https://portal.example.org/accept-invitation?token=');
    expect(mails.last).toContain('expires after 3 days');
    const token = tokenIn(mails.last);
    const stored = await db().selectFrom('password_reset_tokens').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(token);
    // No password yet: nothing signs in.
    expect((await verify(token)).json()).toEqual({
      valid: true,
      email: 'ivy@patients.example.com',
    });
    const weak = await accept(token, 'password');
    expect(weak.statusCode).toBe(400);
    const accepted = await accept(token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      success: true,
      user: { email: 'ivy@patients.example.com', role: 'patient', mfa_enrolment_required: false },
    });
    const jar = updateJar({}, accepted);
    const me = await app().inject(withSession(jar, { method: 'GET', url: '/api/check-auth' }));
    expect(me.statusCode).toBe(200);
    const again = await accept(token, 'Another-Lantern-77!');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: FIRST_ACCESS_MESSAGES.invalidInvitation });
    expect((await verify(token)).json()).toEqual({
      valid: false,
      error: FIRST_ACCESS_MESSAGES.invalidInvitation,
    });
    expect(
      (await signIn(app(), { email: 'ivy@patients.example.com', password: NEW_PASSWORD })).jar,
    ).toHaveProperty('access_token_cookie');
  });

  it('lets an invitation expire, and answers unknown, used and expired links alike', async () => {
    await seed();
    const { jar } = await signedInAs(app());
    const upload = await postCsv(
      app(),
      jar,
      '/api/admin/activate-patient-portal-csv?delivery=invitation',
      'email\ncass@patients.example.com\n',
    );
    expect(upload.json<TActivationResponse>().results.successful[0]?.invited).toBe(true);
    const token = tokenIn((await mailsTo('cass@patients.example.com')).last);
    clock.advance(3 * DAY + 1);
    const expired = await accept(token);
    const unknown = await accept('x'.repeat(43));
    expect(expired.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(expired.json()).toEqual(unknown.json());
    expect((await verify(token)).json()).toEqual((await verify('y'.repeat(43))).json());
    const user = await db()
      .selectFrom('users')
      .select(['password_hash'])
      .where('email', '=', 'cass@patients.example.com')
      .executeTakeFirstOrThrow();
    expect(user.password_hash).toBeNull();
  });

  it('invites bulk-uploaded staff, and a role that requires a second factor owes it after the link', async () => {
    const admin = await signedInAs(app());
    await savePolicy(db(), {
      required: new Set(['case_manager']),
      adminId: admin.id,
      now: clock.now(),
    });
    const csv = [
      'email,first_name,last_name,role,payor_key',
      'nina@staff.example.com,Nina,New,case_manager,PAY-A',
    ].join('\n');
    await seed();
    const response = await postCsv(
      app(),
      admin.jar,
      '/api/admin/bulk-upload-users?delivery=invitation',
      csv,
    );
    const { results } = response.json<TBulkUploadResponse>();
    expect(results.successful).toEqual([
      expect.objectContaining({
        email: 'nina@staff.example.com',
        invited: true,
        temp_password: null,
      }),
    ]);
    const token = tokenIn((await mailsTo('nina@staff.example.com')).last);
    const accepted = await accept(token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ user: { mfa_enrolment_required: true } });
    await savePolicy(db(), { required: new Set(), adminId: admin.id, now: clock.now() });
  });

  it('mails one invitation when admins invite the same patient at once: the losers leave nothing', async () => {
    await seed();
    const { jar } = await signedInAs(app());
    const bulk = () =>
      app().inject(
        withSession(jar, {
          method: 'POST',
          url: '/api/admin/activate-patient-portal-bulk',
          payload: { patient_keys: ['FA-4'], delivery: 'invitation' },
        }),
      );
    const responses = await Promise.all([bulk(), bulk(), bulk()]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    const results = responses.map((response) => response.json<TActivationResponse>().results);
    expect(results.flatMap((result) => result.successful)).toHaveLength(1);
    const mails = await mailsTo('rae@patients.example.com');
    expect(mails.queued).toHaveLength(1);
    const tokens = await db()
      .selectFrom('password_reset_tokens')
      .innerJoin('users', 'users.id', 'password_reset_tokens.user_id')
      .select('password_reset_tokens.purpose')
      .where('users.email', '=', 'rae@patients.example.com')
      .execute();
    expect(tokens).toEqual([{ purpose: 'invitation' }]);
  });
});

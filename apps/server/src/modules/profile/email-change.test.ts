import { describe, expect, it } from 'vitest';
import {
  EMAIL_CHANGE_LINK_HOURS,
  PROFILE_MESSAGES,
  emailChangeRequestedMessage,
  emailChangedMessage,
} from '@portal/domain/profile-api';
import { testDialects } from '../../test/databases';
import { TEST_PASSWORD, createTestUser, signIn, withSession } from '../../test/sessions';
import { listAuditEntries } from '../audit/repository';
import { EMAIL_CHANGE_LIMITS } from '../auth/rate-limit';
import { useProfileHarness } from './profile-test-support';

const HOUR = 60 * 60_000;

describe.each(testDialects())('email change by confirmation link [%s]', (dialect) => {
  const {
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
  } = useProfileHarness(dialect);

  it('asks for the current password, then mails a link; the email changes only when it is opened', async () => {
    const { app, database } = portal();
    const { id, email, jar } = await signedIn();
    const next = `moved-${id}@example.com`;

    const missing = await update(jar, { username: 'Moved', email: next });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ error: string }>().error).toBe(PROFILE_MESSAGES.currentPasswordRequired);
    const wrong = await update(jar, {
      username: 'Moved',
      email: next,
      current_password: 'Wrong-Password-1!',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ error: string }>().error).toBe(PROFILE_MESSAGES.currentPasswordWrong);

    const right = await update(jar, {
      username: 'Moved',
      email: ` ${next.toUpperCase()} `,
      current_password: TEST_PASSWORD,
    });
    expect(right.statusCode).toBe(200);
    // The name changes at once; the email stays the current one until the link is opened.
    expect(right.json()).toEqual({
      success: true,
      message: emailChangeRequestedMessage(next),
      username: 'Moved',
      email,
    });
    expect(await row(id)).toMatchObject({ username: 'Moved', email });
    expect((await read(jar)).json()).toMatchObject({ email });
    expect((await signIn(app, { email })).response.statusCode).toBe(200);
    expect((await signIn(app, { email: next })).response.statusCode).toBe(401);

    // The new address gets the link; only a hash of its token is stored.
    const token = await linkTokenFor(next);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const pending = await database.db
      .selectFrom('email_changes')
      .selectAll()
      .where('user_id', '=', id)
      .execute();
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ new_email: next });
    expect(pending[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(pending[0]!.expires_at - pending[0]!.created_at).toBe(EMAIL_CHANGE_LINK_HOURS * HOUR);
    expect(JSON.stringify(pending)).not.toContain(token);
    // The old address hears of the request, and how to stop it.
    const notices = await mailsTo(email);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(`to ${next}`);
    expect(notices[0]).toContain('change your password');
    expect(notices[0]).not.toContain(token);
    const [requested] = await listAuditEntries(database.db, {
      userId: id,
      action: 'profile_update',
    });
    expect(JSON.parse(requested?.detail ?? '{}')).toEqual({
      name_changed: true,
      email_requested: next,
    });

    // Opened without a session: the token alone authorises it.
    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      success: true,
      message: emailChangedMessage(next),
      email: next,
    });
    expect(confirmed.headers['cache-control']).toBe('no-store');
    expect((await row(id)).email).toBe(next);
    expect((await signIn(app, { email })).response.statusCode).toBe(401);
    expect((await signIn(app, { email: next })).response.statusCode).toBe(200);
    // The session that asked stays signed in (the password did not change) and sees it.
    expect((await read(jar)).json()).toMatchObject({ email: next });
    const changedNotices = await mailsTo(email);
    expect(changedNotices).toHaveLength(2);
    expect(changedNotices[1]).toContain(`changed to ${next}`);
    const [changed] = await listAuditEntries(database.db, { userId: id, action: 'email_change' });
    expect(JSON.parse(changed?.detail ?? '{}')).toEqual({ email_from: email, email_to: next });

    // Once only.
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      success: false,
      error: PROFILE_MESSAGES.emailLinkInvalid,
      code: 'bad_request',
    });
    expect(
      await database.db.selectFrom('email_changes').where('user_id', '=', id).selectAll().execute(),
    ).toEqual([]);
  });

  it('answers a taken address exactly as a free one, and the taken one changes nothing', async () => {
    const { database } = portal();
    const asker = await signedIn();
    const holder = await signedIn();
    const free = `free-${asker.id}@example.com`;
    const outboxBefore = (await mailsTo(holder.email)).length;

    const taken = await requestChange(asker, holder.email.toUpperCase());
    const takenBody = taken.body;
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({
      success: true,
      message: emailChangeRequestedMessage(holder.email),
      username: 'Someone',
      email: asker.email,
    });
    // No pending change and no link: the address's owner gets a short note instead.
    expect(
      await database.db
        .selectFrom('email_changes')
        .where('user_id', '=', asker.id)
        .selectAll()
        .execute(),
    ).toEqual([]);
    const toHolder = await mailsTo(holder.email);
    expect(toHolder).toHaveLength(outboxBefore + 1);
    expect(toHolder.at(-1)).toContain('already belongs to an account');
    expect(toHolder.at(-1)).not.toContain('confirm-email');
    expect((await row(asker.id)).email).toBe(asker.email);
    expect((await row(holder.id)).email).toBe(holder.email);
    // The asker's own mailbox hears the same as for a free address.
    expect((await mailsTo(asker.email)).at(-1)).toContain(`to ${holder.email}`);
    const [entry] = await listAuditEntries(database.db, {
      userId: asker.id,
      action: 'profile_update',
    });
    expect(JSON.parse(entry?.detail ?? '{}')).toEqual({
      name_changed: true,
      email_requested: holder.email,
      email_taken: true,
    });

    // The holder moves away: the same request now finds the address free, and the answer
    // is the same to the byte.
    await database.db
      .updateTable('users')
      .set({ email: free })
      .where('id', '=', holder.id)
      .execute();
    const freed = await requestChange(asker, holder.email.toUpperCase());
    expect(freed.statusCode).toBe(taken.statusCode);
    expect(freed.body).toBe(takenBody);
    expect(freed.headers['content-type']).toBe(taken.headers['content-type']);
    expect(await linkTokenFor(holder.email)).toBeTruthy();
    // Keeping one's own email (in another case) is no change and needs no password.
    const same = await update(asker.jar, {
      username: 'Same',
      email: asker.email.toUpperCase(),
    });
    expect(same.statusCode).toBe(200);
    expect(same.json<{ message: string }>().message).toBe(PROFILE_MESSAGES.updated);
  });

  it('refuses with a 409 when another account took the address before the link was opened', async () => {
    const { database } = portal();
    const asker = await signedIn();
    const next = `contested-${asker.id}@example.com`;
    expect((await requestChange(asker, next)).statusCode).toBe(200);
    const token = await linkTokenFor(next);
    await createTestUser(database.db, { email: next });

    const refused = await confirm(token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      success: false,
      error: PROFILE_MESSAGES.emailTakenAtConfirm,
      code: 'conflict',
    });
    expect((await row(asker.id)).email).toBe(asker.email);
    expect((await confirm(token)).statusCode).toBe(400);
  });

  it('keeps only the newest request, and a new password cancels it', async () => {
    const { app } = portal();
    const asker = await signedIn();
    const first = `first-${asker.id}@example.com`;
    const second = `second-${asker.id}@example.com`;
    expect((await requestChange(asker, first)).statusCode).toBe(200);
    const firstToken = await linkTokenFor(first);
    expect((await requestChange(asker, second)).statusCode).toBe(200);
    const secondToken = await linkTokenFor(second);
    expect((await confirm(firstToken)).json()).toMatchObject({
      error: PROFILE_MESSAGES.emailLinkInvalid,
    });

    // The owner, warned by the notice, changes the password: the pending change ends.
    const changed = await app.inject(
      withSession(asker.jar, {
        method: 'POST',
        url: '/api/reset-password',
        payload: { current_password: TEST_PASSWORD, new_password: 'Amber-Lantern-73!' },
      }),
    );
    expect(changed.statusCode).toBe(200);
    expect((await confirm(secondToken)).statusCode).toBe(400);
    expect((await row(asker.id)).email).toBe(asker.email);
  });

  it(`expires a link after ${EMAIL_CHANGE_LINK_HOURS} hours`, async () => {
    const asker = await signedIn();
    const late = `late-${asker.id}@example.com`;
    const onTime = `on-time-${asker.id}@example.com`;
    const other = await signedIn();
    expect((await requestChange(asker, late)).statusCode).toBe(200);
    expect((await requestChange(other, onTime)).statusCode).toBe(200);
    const lateToken = await linkTokenFor(late);
    const onTimeToken = await linkTokenFor(onTime);

    clock.advance(EMAIL_CHANGE_LINK_HOURS * HOUR - 60_000);
    expect((await confirm(onTimeToken)).statusCode).toBe(200);
    clock.advance(60_000);
    const expired = await confirm(lateToken);
    expect(expired.statusCode).toBe(400);
    expect(expired.json<{ error: string }>().error).toBe(PROFILE_MESSAGES.emailLinkInvalid);
    expect((await row(asker.id)).email).toBe(asker.email);
  });

  it('refuses malformed and unknown tokens with a 400', async () => {
    const { app } = portal();
    for (const payload of [{}, { token: '' }, { token: 'abc\u0000' }, { token: 'x'.repeat(300) }]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/profile/confirm-email',
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
    }
    expect((await confirm('no-such-token')).json()).toEqual({
      success: false,
      error: PROFILE_MESSAGES.emailLinkInvalid,
      code: 'bad_request',
    });
  });

  it('limits email change requests per account and per client address', async () => {
    const { database } = portal();
    const asker = await signedIn();
    const codes: number[] = [];
    for (let i = 0; i <= EMAIL_CHANGE_LIMITS.accountMaxTries; i += 1) {
      codes.push((await requestChange(asker, `many-${asker.id}-${i}@example.com`)).statusCode);
    }
    expect(codes).toEqual([...Array<number>(EMAIL_CHANGE_LIMITS.accountMaxTries).fill(200), 429]);
    const refused = await requestChange(asker, `more-${asker.id}@example.com`);
    expect(refused.json()).toEqual({
      success: false,
      error: PROFILE_MESSAGES.emailChangeTooMany,
      code: 'too_many_requests',
    });
    expect(await mailsTo(`more-${asker.id}@example.com`)).toEqual([]);
    // The window passes and the account may ask again (signed in afresh: the session idled out).
    clock.advance(EMAIL_CHANGE_LIMITS.windowMs);
    const { jar } = await signIn(portal().app, { email: asker.email });
    expect((await requestChange({ jar }, `later-${asker.id}@example.com`)).statusCode).toBe(200);

    // One address asking for many accounts is stopped too.
    const ip = '10.29.0.1';
    const perUser = EMAIL_CHANGE_LIMITS.accountMaxTries - 1;
    const users = Math.ceil(EMAIL_CHANGE_LIMITS.addressMaxTries / perUser);
    const statuses: number[] = [];
    for (let u = 0; u < users; u += 1) {
      const user = await signedIn();
      for (let i = 0; i < perUser; i += 1) {
        statuses.push(
          (await requestChange(user, `spray-${user.id}-${i}@example.com`, ip)).statusCode,
        );
      }
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(
      EMAIL_CHANGE_LIMITS.addressMaxTries,
    );
    const last = await signedIn();
    expect((await requestChange(last, `spray-${last.id}@example.com`, ip)).statusCode).toBe(429);
    expect(
      await database.db
        .selectFrom('email_changes')
        .where('user_id', '=', last.id)
        .selectAll()
        .execute(),
    ).toEqual([]);
  });
});

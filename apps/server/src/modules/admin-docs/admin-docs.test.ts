import { describe, expect, it } from 'vitest';
import {
  ADMIN_DOC_LIMITS,
  ADMIN_DOC_MESSAGES,
  type TAdminDocDetailResponse,
} from '@portal/domain/admin-docs-api';
import type { TRole } from '@portal/domain/roles';
import { TEXT_MESSAGES } from '@portal/domain/text';
import { testClock } from '../../test/clock';
import { testDialects } from '../../test/databases';
import { createTestUser, signIn, withSession, type TJar } from '../../test/sessions';
import { useTestPortal } from '../../test/test-portal';
import { listAuditEntries } from '../audit/repository';
import { FORBIDDEN_IN_OUTPUT, XSS_PAYLOADS } from './xss-payloads';

const URL = '/api/admin/documentation';
const doc = {
  title: 'Resetting a locked account',
  content: '<p><strong>Step one</strong>: open the user.</p><ul><li><p>Check</p></li></ul>',
  category: 'troubleshooting',
  change_notes: 'First draft',
  is_fixed: true,
};

describe.each(testDialects())('admin documentation API [%s]', (dialect) => {
  const clock = testClock();
  const portal = useTestPortal(dialect, {}, { clock: clock.now });

  let users = 0;
  const signedIn = async (role: TRole = 'admin') => {
    users += 1;
    const email = `${role.replace('_', '-')}-${users}@example.com`;
    const id = await createTestUser(portal().database.db, { email, role });
    return {
      id,
      name: email.split('@')[0] ?? '',
      jar: (await signIn(portal().app, { email })).jar,
    };
  };
  const call = (
    jar: TJar,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => portal().app.inject(withSession(jar, { method, url, ...(payload ? { payload } : {}) }));
  const create = async (jar: TJar, payload: object = doc) => {
    const response = await call(jar, 'POST', URL, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ doc_id: number; version: number }>().doc_id;
  };
  const detail = async (jar: TJar, query: string) => {
    const response = await call(jar, 'GET', `${URL}?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TAdminDocDetailResponse>();
  };

  it('creates, lists, edits into v2 keeping v1 whole, and deletes', async () => {
    const admin = await signedIn();
    const created = await call(admin.jar, 'POST', URL, doc);
    expect(created.json()).toMatchObject({
      success: true,
      version: 1,
      message: ADMIN_DOC_MESSAGES.created,
    });
    expect(created.headers['cache-control']).toBe('no-store');
    const id = created.json<{ doc_id: number }>().doc_id;

    const list = await call(admin.jar, 'GET', URL);
    expect(list.json<{ documents: unknown[] }>().documents).toContainEqual({
      doc_id: id,
      title: doc.title,
      category: 'troubleshooting',
      is_fixed: true,
      version: 1,
      updated_by: admin.name,
      updated_at: new Date(clock.now()).toISOString(),
    });

    const editor = await signedIn();
    clock.advance(60_000);
    const edited = await call(editor.jar, 'PUT', `${URL}/${id}`, {
      ...doc,
      title: 'Resetting a locked account (v2)',
      content: '<p>Rewritten <em>entirely</em>.</p>',
      change_notes: 'Rewrote the steps',
      is_fixed: false,
      expected_version: 1,
    });
    expect(edited.json()).toEqual({
      success: true,
      doc_id: id,
      version: 2,
      message: ADMIN_DOC_MESSAGES.updated,
    });

    const current = await detail(admin.jar, `doc_id=${id}`);
    expect(current.latest_version).toBe(2);
    expect(current.document).toMatchObject({
      doc_id: id,
      version: 2,
      title: 'Resetting a locked account (v2)',
      content: '<p>Rewritten <em>entirely</em>.</p>',
      is_fixed: false,
      updated_by: editor.name,
      change_notes: 'Rewrote the steps',
    });
    expect(current.history).toEqual([
      {
        version: 2,
        updated_by: editor.name,
        updated_at: new Date(clock.now()).toISOString(),
        change_notes: 'Rewrote the steps',
      },
      {
        version: 1,
        updated_by: admin.name,
        updated_at: new Date(clock.now() - 60_000).toISOString(),
        change_notes: 'First draft',
      },
    ]);

    const first = await detail(admin.jar, `doc_id=${id}&version=1`);
    expect(first.latest_version).toBe(2);
    expect(first.document).toMatchObject({
      version: 1,
      title: doc.title,
      content: doc.content,
      is_fixed: true,
      updated_by: admin.name,
    });
    expect((await call(admin.jar, 'GET', `${URL}?doc_id=${id}&version=3`)).json()).toMatchObject({
      error: ADMIN_DOC_MESSAGES.versionNotFound,
    });

    const deleted = await call(admin.jar, 'DELETE', `${URL}/${id}`);
    expect(deleted.json()).toEqual({ success: true, message: ADMIN_DOC_MESSAGES.deleted });
    expect((await call(admin.jar, 'GET', `${URL}?doc_id=${id}`)).statusCode).toBe(404);
    expect((await call(admin.jar, 'DELETE', `${URL}/${id}`)).statusCode).toBe(404);
    const versionsLeft = await portal()
      .database.db.selectFrom('admin_document_versions')
      .select('id')
      .where('doc_id', '=', id)
      .execute();
    expect(versionsLeft).toEqual([]);

    const { db } = portal().database;
    const trail = async (action: 'admin_doc_create' | 'admin_doc_update' | 'admin_doc_delete') =>
      (await listAuditEntries(db, { action })).filter((row) =>
        String(row.detail).includes(`"doc_id":${id},`),
      );
    expect(await trail('admin_doc_create')).toHaveLength(1);
    expect(await trail('admin_doc_update')).toHaveLength(1);
    expect(await trail('admin_doc_delete')).toHaveLength(1);
  });

  it('refuses a save made from a stale version with a 409 that names who saved', async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const id = await create(alice.jar);
    const edit = (content: string) => ({ ...doc, content, expected_version: 1 });

    // Both opened v1; Bob saves first, so Alice's save is refused, not applied over his.
    const [bobs, alices] = await Promise.all([
      call(bob.jar, 'PUT', `${URL}/${id}`, edit('<p>Bob</p>')),
      call(alice.jar, 'PUT', `${URL}/${id}`, edit('<p>Alice</p>')),
    ]);
    const statuses = [bobs.statusCode, alices.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const [winner, loser] = bobs.statusCode === 200 ? [bob, alices] : [alice, bobs];
    expect(loser.json()).toMatchObject({ success: false, code: 'conflict' });
    expect(loser.json<{ error: string }>().error).toContain(`changed by ${winner.name} (now v2)`);
    const after = await detail(alice.jar, `doc_id=${id}`);
    expect(after.document.version).toBe(2);
    expect(after.document.content).toBe(winner === bob ? '<p>Bob</p>' : '<p>Alice</p>');
    expect(after.history.map((entry) => entry.version)).toEqual([2, 1]);

    // Starting from v2 works; a save naming a version that never was is stale too.
    expect(
      (await call(alice.jar, 'PUT', `${URL}/${id}`, { ...edit('<p>v3</p>'), expected_version: 2 }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(alice.jar, 'PUT', `${URL}/${id}`, { ...edit('<p>x</p>'), expected_version: 9 }))
        .statusCode,
    ).toBe(409);
    expect((await call(alice.jar, 'PUT', `${URL}/999999`, edit('<p>x</p>'))).statusCode).toBe(404);
  });

  it('stores no script, handler, javascript: link or foreign style, whatever is sent', async () => {
    const admin = await signedIn();
    for (const payload of XSS_PAYLOADS) {
      const id = await create(admin.jar, { ...doc, content: `<p>Safe text</p>${payload}` });
      const { content } = (await detail(admin.jar, `doc_id=${id}`)).document;
      for (const forbidden of FORBIDDEN_IN_OUTPUT) {
        expect(content, `${payload} → ${content}`).not.toMatch(forbidden);
      }
      const stored = await portal()
        .database.db.selectFrom('admin_document_versions')
        .select('content')
        .where('doc_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(stored.content).toBe(content);
    }
  });

  it('answers 403 to every role but admin, and 401 when signed out', async () => {
    const admin = await signedIn();
    const id = await create(admin.jar);
    for (const role of ['case_manager', 'customer_service', 'patient'] as const) {
      const { jar } = await signedIn(role);
      for (const [method, url, payload] of [
        ['GET', URL, undefined],
        ['GET', `${URL}?doc_id=${id}`, undefined],
        ['POST', URL, doc],
        ['PUT', `${URL}/${id}`, { ...doc, expected_version: 1 }],
        ['DELETE', `${URL}/${id}`, undefined],
      ] as const) {
        const response = await call(jar, method, url, payload);
        expect(response.statusCode, `${role} ${method} ${url}`).toBe(403);
      }
    }
    expect((await portal().app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    expect((await detail(admin.jar, `doc_id=${id}`)).document.version).toBe(1);
  });

  it('refuses bad input with a 400 in the product’s words', async () => {
    const admin = await signedIn();
    const bad = async (payload: object, message: string | RegExp) => {
      const response = await call(admin.jar, 'POST', URL, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ error: string }>().error).toMatch(message);
    };
    await bad({ ...doc, title: '   ' }, ADMIN_DOC_MESSAGES.titleRequired);
    await bad({ ...doc, title: 'x'.repeat(ADMIN_DOC_LIMITS.title + 1) }, /at most 200/);
    await bad({ ...doc, title: 'two\nlines' }, TEXT_MESSAGES.invalidCharacters);
    await bad({ ...doc, title: 'nul\u0000' }, TEXT_MESSAGES.invalidCharacters);
    await bad({ ...doc, content: '' }, ADMIN_DOC_MESSAGES.contentRequired);
    await bad({ ...doc, content: '<p></p><p> &nbsp; </p>' }, ADMIN_DOC_MESSAGES.contentRequired);
    await bad({ ...doc, content: '<script>alert(1)</script>' }, ADMIN_DOC_MESSAGES.contentRequired);
    await bad({ ...doc, content: `<p>${'x'.repeat(ADMIN_DOC_LIMITS.content)}</p>` }, /at most/);
    await bad({ ...doc, content: '<p>\ud800</p>' }, TEXT_MESSAGES.invalidCharacters);
    await bad({ ...doc, category: 'recipes' }, /category/);
    await bad(
      { ...doc, change_notes: 'n'.repeat(ADMIN_DOC_LIMITS.changeNotes + 1) },
      /at most 500/,
    );
    const id = await create(admin.jar);
    const put = await call(admin.jar, 'PUT', `${URL}/${id}`, doc);
    expect(put.statusCode).toBe(400);
    expect(put.json<{ error: string }>().error).toMatch(/expected_version/);
    expect((await call(admin.jar, 'GET', `${URL}?doc_id=abc`)).statusCode).toBe(400);
    expect((await call(admin.jar, 'DELETE', `${URL}/0`)).statusCode).toBe(400);
  });

  it('keeps the fixed flag only for troubleshooting and meeting notes, defaulting the category', async () => {
    const admin = await signedIn();
    const features = await create(admin.jar, { ...doc, category: 'features', is_fixed: true });
    expect((await detail(admin.jar, `doc_id=${features}`)).document.is_fixed).toBe(false);
    const plain = await create(admin.jar, { title: 'Weekly sync', content: '<p>Notes</p>' });
    expect((await detail(admin.jar, `doc_id=${plain}`)).document).toMatchObject({
      category: 'meeting_notes',
      is_fixed: false,
      change_notes: null,
    });
  });
});

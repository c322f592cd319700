import { describe, expect, it } from 'vitest';
import type { TDocumentListResponse, TUploadResponse } from '@portal/domain/documents';
import { testDialects } from '../../test/databases';
import { listAuditEntries } from '../audit/repository';
import type { TScenarioUser } from '../patients/test-scenario';
import { useDocumentScenario } from './test-harness';
import { pdfBytes, pngBytes } from './test-files';

describe.each(testDialects())('document scope and permission [%s]', (dialect) => {
  const { portal, call, upload, storedKeys } = useDocumentScenario(dialect);

  const uploadOne = async (user: TScenarioUser, identifier: string, name: string) => {
    const response = await upload(user, { order_identifier: identifier }, [
      { name, content: name.endsWith('.png') ? pngBytes() : pdfBytes(name) },
    ]);
    expect(response.statusCode).toBe(201);
    return response.json<TUploadResponse>().documents[0]!;
  };
  const list = async (user: TScenarioUser, query = '') => {
    const response = await call(user, { method: 'GET', url: `/api/documents${query}` });
    expect(response.statusCode).toBe(200);
    return response.json<TDocumentListResponse>();
  };
  const names = (body: TDocumentListResponse) => body.documents.map((doc) => doc.file_name);

  it('shows staff only their payor’s documents, admins all', async () => {
    await uploadOne('caseManagerA', 'SO-O1', 'a-order.pdf');
    await uploadOne('customerServiceA', 'Jane Smith', 'a-patient.png');
    await uploadOne('caseManagerB', 'SO-OB1', 'b-order.pdf');
    expect(names(await list('caseManagerA')).sort()).toEqual(['a-order.pdf', 'a-patient.png']);
    expect(names(await list('customerServiceA')).sort()).toEqual(['a-order.pdf', 'a-patient.png']);
    expect(names(await list('caseManagerB'))).toEqual(['b-order.pdf']);
    expect(names(await list('admin')).sort()).toEqual([
      'a-order.pdf',
      'a-patient.png',
      'b-order.pdf',
    ]);
    expect(names(await list('noPayor'))).toEqual([]);
    // Naming another payor's patient or order in the query changes nothing.
    expect(names(await list('caseManagerA', '?patient_key=PB-1'))).toEqual([]);
    expect(names(await list('caseManagerA', '?order_key=OB1'))).toEqual([]);
  });

  it('searches, filters by type and pages', async () => {
    const admin = await list('admin', '?search=ORDER');
    expect(names(admin).sort()).toEqual(['a-order.pdf', 'b-order.pdf']);
    expect(names(await list('admin', '?type=png'))).toEqual(['a-patient.png']);
    expect(names(await list('admin', '?search=%25'))).toEqual([]);
    expect(names(await list('caseManagerA', '?search=so-o1'))).toEqual(['a-order.pdf']);
    const page = await list('admin', '?per_page=2&page=2');
    expect(page).toMatchObject({ total: 3, pages: 2, current_page: 2, per_page: 2 });
    expect(page.documents).toHaveLength(1);
    const bad = await call('admin', { method: 'GET', url: '/api/documents?type=exe' });
    expect(bad.statusCode).toBe(400);
  });

  it('answers 404 for another payor’s document on download and delete, and audits it', async () => {
    const [other] = (await list('caseManagerB')).documents;
    for (const user of ['caseManagerA', 'customerServiceA', 'noPayor'] as const) {
      const download = await call(user, {
        method: 'GET',
        url: `/api/documents/${other!.id}/download`,
      });
      expect(download.statusCode).toBe(404);
      expect(download.json()).toMatchObject({ error: 'Document not found' });
      const remove = await call(user, { method: 'DELETE', url: `/api/documents/${other!.id}` });
      expect(remove.statusCode).toBe(404);
    }
    const unknown = await call('admin', {
      method: 'GET',
      url: '/api/documents/00000000-0000-4000-8000-000000000000/download',
    });
    expect(unknown.statusCode).toBe(404);
    const denied = (await listAuditEntries(portal().database.db)).filter(
      (row) => row.outcome === 'denied' && row.action.startsWith('document_'),
    );
    expect(denied.map((row) => row.action)).toContain('document_download');
    expect(denied.map((row) => row.action)).toContain('document_delete');
    expect(names(await list('caseManagerB'))).toEqual(['b-order.pdf']);
  });

  it('lets only holders of delete_documents delete, and removes the stored bytes', async () => {
    const [mine] = (await list('caseManagerA', '?search=a-order')).documents;
    const denied = await call('caseManagerA', {
      method: 'DELETE',
      url: `/api/documents/${mine!.id}`,
    });
    expect(denied.statusCode).toBe(403);
    const cs = await call('customerServiceA', {
      method: 'DELETE',
      url: `/api/documents/${mine!.id}`,
    });
    expect(cs.statusCode).toBe(403);
    expect(names(await list('caseManagerA'))).toContain('a-order.pdf');

    const before = (await storedKeys()).length;
    const deleted = await call('admin', { method: 'DELETE', url: `/api/documents/${mine!.id}` });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ success: true });
    expect(names(await list('caseManagerA'))).not.toContain('a-order.pdf');
    expect(await storedKeys()).toHaveLength(before - 1);
    const again = await call('admin', { method: 'DELETE', url: `/api/documents/${mine!.id}` });
    expect(again.statusCode).toBe(404);
    const audit = await listAuditEntries(portal().database.db);
    expect(
      audit.find((row) => row.action === 'document_delete' && row.outcome === 'allowed'),
    ).toMatchObject({ patient_key: 'PA-1' });
  });
});

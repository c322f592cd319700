import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { TDocumentListResponse, TUploadResponse } from '@portal/domain/documents';
import { testDialects } from '../../test/databases';
import { listAuditEntries } from '../audit/repository';
import { useDocumentScenario } from './test-harness';
import {
  docBytes,
  docxBytes,
  exeBytes,
  htmlBytes,
  jpegBytes,
  pdfBytes,
  pngBytes,
  zipBytes,
} from './test-files';

const MB = 1024 * 1024;

describe.each(testDialects())('document upload [%s]', (dialect) => {
  const { portal, call, upload, rowCount, storedKeys } = useDocumentScenario(dialect);

  const refused = async (
    files: Parameters<typeof upload>[2],
    fields: Record<string, string> = { order_identifier: 'SO-O1' },
  ) => {
    const before = { rows: await rowCount(), keys: (await storedKeys()).length };
    const response = await upload('caseManagerA', fields, files);
    expect({ rows: await rowCount(), keys: (await storedKeys()).length }).toEqual(before);
    expect(await readdir(portal().app.documentStorage.stagingDir)).toEqual([]);
    return { status: response.statusCode, error: response.json<{ error: string }>().error };
  };

  it('stores each allowed type under an order, as the session’s user, and lists them', async () => {
    const response = await upload(
      'caseManagerA',
      { order_identifier: 'so-o1', uploaded_by: 'someone-else', description: 'Signed CMN' },
      [
        { name: 'cmn.pdf', content: pdfBytes() },
        { name: 'photo.JPEG', content: jpegBytes() },
        { name: 'scan.png', content: pngBytes() },
        { name: 'letter.docx', content: docxBytes() },
        { name: 'old.doc', content: docBytes() },
      ],
    );
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const { documents } = response.json<TUploadResponse>();
    expect(documents.map((doc) => [doc.file_name, doc.file_type, doc.content_type])).toEqual([
      ['cmn.pdf', 'pdf', 'application/pdf'],
      ['photo.JPEG', 'jpg', 'image/jpeg'],
      ['scan.png', 'png', 'image/png'],
      [
        'letter.docx',
        'docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ],
      ['old.doc', 'doc', 'application/msword'],
    ]);
    expect(documents[0]).toMatchObject({
      uploaded_by: 'cm-a',
      order_identifier: 'so-o1',
      order_number: 'SO-O1',
      order_key: 'O1',
      patient_key: 'PA-1',
      patient_name: 'Jane Smith',
      description: 'Signed CMN',
      size: pdfBytes().length,
    });
    expect(await storedKeys()).toHaveLength(5);

    const list = await call('caseManagerA', { method: 'GET', url: '/api/documents?order_key=O1' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const body = list.json<TDocumentListResponse>();
    expect(body).toMatchObject({ success: true, total: 5, current_page: 1, pages: 1 });

    const audit = await listAuditEntries(portal().database.db);
    const uploads = audit.filter((row) => row.action === 'document_upload');
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toMatchObject({ patient_key: 'PA-1', outcome: 'allowed' });
  });

  it('downloads the same bytes as an attachment that no browser sniffs or caches', async () => {
    const content = pdfBytes('download me');
    const created = await upload('caseManagerA', { order_identifier: 'SO-O2' }, [
      { name: 'résumé; final.pdf', content },
    ]);
    const [document] = created.json<TUploadResponse>().documents;
    const response = await call('caseManagerA', {
      method: 'GET',
      url: `/api/documents/${document!.id}/download`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(content)).toBe(true);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="r_sum__ final.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9%3B%20final.pdf`,
    );
    const audit = await listAuditEntries(portal().database.db);
    expect(audit.find((row) => row.action === 'document_download')).toMatchObject({
      patient_key: 'PA-1',
      outcome: 'allowed',
    });
  });

  it('files by patient name when no order matches, and refuses names it cannot place', async () => {
    const byName = await upload('caseManagerA', { order_identifier: 'smith,  jane' }, [
      { name: 'id.png', content: pngBytes() },
    ]);
    expect(byName.statusCode).toBe(201);
    expect(byName.json<TUploadResponse>().documents[0]).toMatchObject({
      patient_key: 'PA-1',
      order_number: null,
      order_identifier: 'smith,  jane',
    });
    // Jane Smithson is another payor's patient: for this user she does not exist.
    expect(
      await refused([{ name: 'a.pdf', content: pdfBytes() }], {
        order_identifier: 'Jane Smithson',
      }),
    ).toEqual({
      status: 400,
      error:
        'No order or patient matches "Jane Smithson". Enter the order number (for example SO1020545) or the patient\'s full name.',
    });
    expect(
      (await refused([{ name: 'a.pdf', content: pdfBytes() }], { order_identifier: 'SO-OB1' }))
        .status,
    ).toBe(400);
    expect(
      await refused([{ name: 'a.pdf', content: pdfBytes() }], { order_identifier: '  ' }),
    ).toEqual({
      status: 400,
      error: 'Please enter an order number or name.',
    });
  });

  it('refuses a file whose bytes are not its extension’s type', async () => {
    expect(await refused([{ name: 'invoice.pdf', content: exeBytes() }])).toEqual({
      status: 400,
      error: 'invoice.pdf was refused: its content is an executable program, not a PDF file.',
    });
    expect(
      await refused([{ name: 'invoice.pdf', content: htmlBytes(), type: 'application/pdf' }]),
    ).toEqual({
      status: 400,
      error: 'invoice.pdf was refused: its content is an HTML page, not a PDF file.',
    });
    expect((await refused([{ name: 'photo.jpg', content: pngBytes() }])).error).toBe(
      'photo.jpg was refused: its content is a PNG file, not a JPEG image file.',
    );
    expect((await refused([{ name: 'a.docx', content: zipBytes({ 'x.txt': 'x' }) }])).error).toBe(
      'a.docx was refused: its content is a ZIP file, not a Word file.',
    );
    expect((await refused([{ name: 'a.doc', content: docBytes('Workbook') }])).error).toBe(
      'a.doc was refused: its content is an Office file without a Word document, not a Word 97-2003 file.',
    );
  });

  it('enforces the limits whatever the client sends', async () => {
    expect(await refused([{ name: 'tool.exe', content: exeBytes() }])).toEqual({
      status: 400,
      error: 'tool.exe has an unsupported format. Allowed formats: pdf, jpg, jpeg, png, doc, docx.',
    });
    const big = Buffer.concat([pdfBytes(), Buffer.alloc(10 * MB)]);
    expect(await refused([{ name: 'big.pdf', content: big }])).toEqual({
      status: 413,
      error: 'big.pdf exceeds the maximum size of 10 MB.',
    });
    const six = Array.from({ length: 6 }, (_, index) => ({
      name: `f${index}.pdf`,
      content: pdfBytes(),
    }));
    expect(await refused(six)).toEqual({ status: 413, error: 'Maximum 5 files allowed.' });
    expect(await refused([])).toEqual({ status: 400, error: 'Please select a file to upload.' });
    expect(await refused([{ name: 'empty.pdf', content: Buffer.alloc(0) }])).toEqual({
      status: 400,
      error: 'empty.pdf is empty.',
    });
    // One bad file refuses the whole request: the good one is not kept either.
    expect(
      (
        await refused([
          { name: 'good.pdf', content: pdfBytes() },
          { name: 'bad.pdf', content: htmlBytes() },
        ])
      ).status,
    ).toBe(400);
    const json = await call('caseManagerA', {
      method: 'POST',
      url: '/api/documents/upload',
      payload: { order_identifier: 'SO-O1' },
    });
    expect(json.statusCode).toBe(400);
  });

  it('keeps a file name as data: no path, no control characters', async () => {
    const response = await upload('caseManagerA', { order_identifier: 'SO-O3' }, [
      { name: '../../etc/evil\u0007.pdf', content: pdfBytes() },
    ]);
    expect(response.statusCode).toBe(201);
    const [document] = response.json<TUploadResponse>().documents;
    expect(document!.file_name).toBe('evil.pdf');
    const row = await portal()
      .database.db.selectFrom('documents')
      .select('storage_key')
      .where('id', '=', document!.id)
      .executeTakeFirstOrThrow();
    expect(row.storage_key).toMatch(/^[0-9a-f-]{36}$/);
    expect(row.storage_key).not.toContain('evil');
  });

  it('is for staff only, and needs the CSRF header', async () => {
    const patient = await upload('patient', { order_identifier: 'SO-O1' }, [
      { name: 'a.pdf', content: pdfBytes() },
    ]);
    expect(patient.statusCode).toBe(403);
    const anonymous = await portal().app.inject({ method: 'GET', url: '/api/documents' });
    expect(anonymous.statusCode).toBe(401);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import type { TUploadResponse } from '@portal/domain/documents';
import { testDialects } from '../../test/databases';
import { insertOrders } from '../../test/erp-fixtures';
import { useDocumentScenario } from './test-harness';
import { pdfBytes } from './test-files';

/**
 * What the user typed and the name their file had come back as they gave them (issue 29):
 * an order number in the warehouse's form or with a hyphen, and a file name with quotes.
 */
describe.each(testDialects())('upload names [%s]', (dialect) => {
  const { portal, call, upload } = useDocumentScenario(dialect);

  beforeAll(async () => {
    // An order numbered the way the warehouse numbers them: 'SO' and the number, no hyphen.
    await insertOrders(portal().database.db, [
      { order_id: 'O-REAL', so_number: 'SO1020545', patient_key: 'PA-1', status: '11 - Intake' },
    ]);
  });

  it('files under a real order number however it is spelled', async () => {
    for (const typed of ['SO1020545', 'SO-1020545', 'so 1020545', '1020545']) {
      const response = await upload('caseManagerA', { order_identifier: typed }, [
        { name: `cmn-${typed}.pdf`, content: pdfBytes() },
      ]);
      expect(response.statusCode, typed).toBe(201);
      expect(response.json<TUploadResponse>().documents[0]).toMatchObject({
        order_number: 'SO1020545',
        order_key: 'O-REAL',
        order_identifier: typed,
      });
    }
    // The ERP's hyphenated numbers are still found without their hyphen.
    const hyphenated = await upload('caseManagerA', { order_identifier: 'SO-O1' }, [
      { name: 'cmn-o1.pdf', content: pdfBytes() },
    ]);
    expect(hyphenated.json<TUploadResponse>().documents[0]?.order_number).toBe('SO-O1');
    // Another payor's order stays unknown in every spelling.
    const other = await upload('caseManagerB', { order_identifier: 'SO-1020545' }, [
      { name: 'x.pdf', content: pdfBytes() },
    ]);
    expect([other.statusCode, other.json<{ error: string }>().error]).toEqual([
      400,
      'No order or patient matches "SO-1020545". Enter the order number (for example SO1020545) or the patient\'s full name.',
    ]);
  });

  it('stores and downloads a quoted file name as the user gave it', async () => {
    // A browser sends '"' in a multipart file name as %22 (HTML standard), a line break as %0A.
    const response = await upload('caseManagerA', { order_identifier: 'SO1020545' }, [
      { name: 'cmn %22final%22 %0Av2.pdf', content: pdfBytes() },
    ]);
    expect(response.statusCode).toBe(201);
    const [document] = response.json<TUploadResponse>().documents;
    expect(document?.file_name).toBe('cmn "final" v2.pdf');

    const listed = await call('caseManagerA', {
      method: 'GET',
      url: `/api/documents?search=${encodeURIComponent('"final"')}`,
    });
    expect(
      listed.json<{ documents: { file_name: string }[] }>().documents.map((doc) => doc.file_name),
    ).toEqual(['cmn "final" v2.pdf']);

    const download = await call('caseManagerA', {
      method: 'GET',
      url: `/api/documents/${document!.id}/download`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="cmn _final_ v2.pdf"; filename*=UTF-8''cmn%20%22final%22%20v2.pdf`,
    );
  });

  it('keeps path separators and control characters out of a stored name', async () => {
    const response = await upload('caseManagerA', { order_identifier: 'SO1020545' }, [
      { name: '../../secret\u0007%0D.pdf', content: pdfBytes() },
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json<TUploadResponse>().documents[0]?.file_name).toBe('secret.pdf');
  });
});

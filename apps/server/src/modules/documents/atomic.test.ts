import { randomUUID } from 'node:crypto';
import { readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import type { TDocumentStorage } from '../../storage';
import { testDialects } from '../../test/databases';
import { useDocumentScenario } from './test-harness';
import { multipart, pdfBytes, pngBytes } from './test-files';
import { sweepDocumentStorage } from './sweep';

const HOUR = 60 * 60 * 1000;

describe.each(testDialects())('atomic document upload [%s]', (dialect) => {
  const { portal, call, upload, rowCount, storedKeys } = useDocumentScenario(dialect);

  /** Nothing was kept: no row, no stored object, no staging file. */
  const expectNothingKept = async () => {
    expect(await rowCount()).toBe(0);
    expect(await storedKeys()).toEqual([]);
    expect(await readdir(portal().app.documentStorage.stagingDir)).toEqual([]);
  };

  /** Replaces one storage method for the duration of `run`. */
  const withFault = async <K extends 'commit' | 'remove'>(
    method: K,
    fault: (original: TDocumentStorage[K]) => TDocumentStorage[K],
    run: () => Promise<void>,
  ) => {
    const storage = portal().app.documentStorage;
    const original = storage[method];
    storage[method] = fault(original);
    try {
      await run();
    } finally {
      storage[method] = original;
    }
  };

  it('keeps nothing when the client goes away half-way through a file', async () => {
    const body = multipart({ order_identifier: 'SO-O1' }, [
      { name: 'big.pdf', content: Buffer.concat([pdfBytes(), Buffer.alloc(2 * 1024 * 1024, 7)]) },
    ]);
    const half = body.payload.subarray(0, body.payload.length / 2);
    const stream = new Readable({
      read() {
        this.push(half);
        this.destroy(new Error('client gone'));
      },
    });
    await call('caseManagerA', {
      method: 'POST',
      url: '/api/documents/upload',
      payload: stream,
      headers: body.headers,
    }).catch(() => undefined);
    // The client has gone, so nothing answers when the server is done: watch for it.
    await vi.waitFor(expectNothingKept, { timeout: 5000, interval: 50 });
  });

  it('keeps nothing when the store fails after keeping the bytes', async () => {
    await withFault(
      'commit',
      (commit) => async (key, staged, meta) => {
        await commit(key, staged, meta);
        throw new Error('injected: connection lost after the write');
      },
      async () => {
        const response = await upload('caseManagerA', { order_identifier: 'SO-O1' }, [
          { name: 'a.pdf', content: pdfBytes() },
        ]);
        expect(response.statusCode).toBe(500);
        expect(response.json()).toMatchObject({ success: false, code: 'internal' });
      },
    );
    await expectNothingKept();
  });

  it('removes the first file when the second cannot be stored', async () => {
    let commits = 0;
    await withFault(
      'commit',
      (commit) => async (key, staged, meta) => {
        commits += 1;
        if (commits === 2) {
          throw Object.assign(new Error('injected: no space left on device'), { code: 'ENOSPC' });
        }
        await commit(key, staged, meta);
      },
      async () => {
        const response = await upload('caseManagerA', { order_identifier: 'SO-O1' }, [
          { name: 'one.pdf', content: pdfBytes() },
          { name: 'two.png', content: pngBytes() },
        ]);
        expect(response.statusCode).toBe(500);
      },
    );
    expect(commits).toBe(2);
    await expectNothingKept();
  });

  it('removes rows and bytes when the audit row cannot be written', async () => {
    const { app } = portal();
    const audit = app.audit;
    app.audit = async (request, entry) => {
      if (entry.action === 'document_upload') {
        throw new Error('injected: audit log unavailable');
      }
      await audit(request, entry);
    };
    try {
      const response = await upload('caseManagerA', { order_identifier: 'SO-O1' }, [
        { name: 'a.pdf', content: pdfBytes() },
      ]);
      expect(response.statusCode).toBe(500);
    } finally {
      app.audit = audit;
    }
    await expectNothingKept();
  });

  it('sweeps what a killed process left: old staging files and objects without a row', async () => {
    const { app, database } = portal();
    const storage = app.documentStorage;
    const kept = await upload('caseManagerA', { order_identifier: 'SO-O1' }, [
      { name: 'kept.pdf', content: pdfBytes() },
    ]);
    expect(kept.statusCode).toBe(201);
    const staged = path.join(storage.stagingDir, randomUUID());
    await writeFile(staged, 'half an upload');
    const orphanStaged = path.join(storage.stagingDir, randomUUID());
    await writeFile(orphanStaged, 'bytes stored, then SIGKILL before the row');
    const orphanKey = randomUUID();
    await storage.commit(orphanKey, orphanStaged, { contentType: 'application/pdf', size: 10 });
    const fresh = path.join(storage.stagingDir, randomUUID());
    await writeFile(fresh, 'an upload in flight');
    // The stray staging file and the orphan are two hours old; the fresh file is new.
    const old = new Date(Date.now() - 2 * HOUR);
    await utimes(staged, old, old);
    const uploads = path.dirname(storage.stagingDir);
    await utimes(path.join(uploads, orphanKey.slice(0, 2), orphanKey), old, old);

    const swept = await sweepDocumentStorage(database.db, storage, Date.now());
    expect(swept.staging).toBe(1);
    expect(swept.orphans).toBe(1);
    expect(await storedKeys()).not.toContain(orphanKey);
    expect(await storedKeys()).toHaveLength(1);
    expect(await readdir(storage.stagingDir)).toEqual([path.basename(fresh)]);
    const download = await call('caseManagerA', {
      method: 'GET',
      url: `/api/documents/${kept.json<{ documents: { id: string }[] }>().documents[0]!.id}/download`,
    });
    expect(download.statusCode).toBe(200);
  });
});

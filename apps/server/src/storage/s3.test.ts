import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TUploadResponse } from '@portal/domain/documents';
import { testDialects } from '../test/databases';
import { useDocumentScenario } from '../modules/documents/test-harness';
import { pdfBytes, pngBytes } from '../modules/documents/test-files';
import { createDocumentStorage } from '.';
import { parseS3Url } from './s3';
import { StorageNotFoundError } from './types';

/**
 * The S3 storage against s3rver, an S3-compatible server running in this process on
 * loopback: the same upload, list, download and delete calls as on disk, with the bytes
 * in a bucket that several portal processes could share.
 */
const BUCKET = 'portal-documents';

const useS3rver = () => {
  const state = { url: '', dir: '' };
  let server: S3rver | undefined;
  beforeAll(async () => {
    state.dir = await mkdtemp(path.join(tmpdir(), 's3rver-'));
    server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: state.dir,
      configureBuckets: [{ name: BUCKET }],
    });
    const { port } = await server.run();
    const endpoint = encodeURIComponent(`http://127.0.0.1:${port}`);
    state.url = `s3://S3RVER:S3RVER@${BUCKET}/docs?endpoint=${endpoint}&region=us-east-1`;
  });
  afterAll(async () => {
    await server?.close();
    await rm(state.dir, { recursive: true, force: true });
  });
  return state;
};

describe('STORAGE_URL for S3', () => {
  it('reads bucket, prefix, endpoint, region and credentials', () => {
    expect(
      parseS3Url('s3://AK:S%2Fcret@bucket/a/b/?endpoint=http://minio:9000&region=eu-west-1'),
    ).toEqual({
      bucket: 'bucket',
      prefix: 'a/b/',
      endpoint: 'http://minio:9000',
      region: 'eu-west-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AK', secretAccessKey: 'S/cret' },
    });
    expect(parseS3Url('s3://bucket').prefix).toBe('');
    expect(() => parseS3Url('s3:///nobucket')).toThrow(/STORAGE_URL/);
  });
});

describe('S3 storage on loopback', () => {
  const s3 = useS3rver();

  it('commits, opens, lists and removes objects, by storage key only', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-s3-'));
    const storage = await createDocumentStorage({ storageUrl: s3.url, dataDir });
    try {
      expect(storage.kind).toBe('s3');
      const key = '0f0e0d0c-0b0a-4908-8706-050403020100';
      const staged = path.join(storage.stagingDir, 'staged');
      const content = pngBytes();
      await writeFile(staged, content);
      await storage.commit(key, staged, { contentType: 'image/png', size: content.length });
      const opened = await storage.open(key);
      const chunks: Buffer[] = [];
      for await (const chunk of opened.body) {
        chunks.push(Buffer.from(chunk as Uint8Array));
      }
      expect(Buffer.concat(chunks).equals(content)).toBe(true);
      expect(opened.size).toBe(content.length);
      const listed = [];
      for await (const object of storage.list()) {
        listed.push(object.key);
      }
      expect(listed).toEqual([key]);

      await storage.remove(key);
      await expect(storage.open(key)).rejects.toBeInstanceOf(StorageNotFoundError);
      await expect(storage.open('../../etc/passwd')).rejects.toThrow(/not a storage key/);
    } finally {
      await storage.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe.each(testDialects())('documents in S3 through the API [%s]', (dialect) => {
  const s3 = useS3rver();
  const env: Record<string, string> = {};
  beforeAll(() => {
    env.STORAGE_URL = s3.url;
  });
  const { portal, call, upload, rowCount, storedKeys } = useDocumentScenario(dialect, env);

  it('uploads, downloads the same bytes and deletes', async () => {
    expect(portal().app.documentStorage.kind).toBe('s3');
    const content = pdfBytes('in a bucket');
    const created = await upload('caseManagerA', { order_identifier: 'SO-O4' }, [
      { name: 'pod.pdf', content },
    ]);
    expect(created.statusCode).toBe(201);
    const [document] = created.json<TUploadResponse>().documents;
    expect(await storedKeys()).toHaveLength(1);
    expect(await readdir(portal().app.documentStorage.stagingDir)).toEqual([]);

    const download = await call('caseManagerA', {
      method: 'GET',
      url: `/api/documents/${document!.id}/download`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(content)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');

    const other = await call('caseManagerB', {
      method: 'GET',
      url: `/api/documents/${document!.id}/download`,
    });
    expect(other.statusCode).toBe(404);

    const deleted = await call('admin', {
      method: 'DELETE',
      url: `/api/documents/${document!.id}`,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await storedKeys()).toEqual([]);
    expect(await rowCount()).toBe(0);
  });

  it('keeps no object when the row cannot follow', async () => {
    const { app } = portal();
    const audit = app.audit;
    app.audit = async (request, entry) => {
      if (entry.action === 'document_upload') {
        throw new Error('injected');
      }
      await audit(request, entry);
    };
    try {
      const response = await upload('caseManagerA', { order_identifier: 'SO-O4' }, [
        { name: 'a.png', content: pngBytes() },
      ]);
      expect(response.statusCode).toBe(500);
    } finally {
      app.audit = audit;
    }
    expect(await storedKeys()).toEqual([]);
    expect(await rowCount()).toBe(0);
  });
});

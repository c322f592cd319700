import path from 'node:path';
import { createDiskStorage } from './disk';
import { createS3Storage, parseS3Url } from './s3';
import type { TDocumentStorage } from './types';

export type { TDocumentStorage } from './types';

/**
 * The storage STORAGE_URL names: unset or a path means files on disk ($DATA_DIR/uploads
 * by default); s3://bucket/prefix?endpoint=...&region=... means an S3-compatible bucket.
 * Uploads are staged under $DATA_DIR/uploads/.staging either way.
 */
export const createDocumentStorage = async (options: {
  storageUrl: string | undefined;
  dataDir: string;
}): Promise<TDocumentStorage> => {
  const uploads = path.join(options.dataDir, 'uploads');
  const url = options.storageUrl;
  if (url?.startsWith('s3://')) {
    return createS3Storage(parseS3Url(url), path.join(uploads, '.staging'));
  }
  if (url && /^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
    throw new Error('STORAGE_URL must be a directory path or an s3:// URL');
  }
  return createDiskStorage(path.resolve(url || uploads));
};

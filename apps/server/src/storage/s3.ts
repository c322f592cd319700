import { createReadStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertStorageKey, StorageNotFoundError, type TDocumentStorage } from './types';

export type TS3Location = {
  bucket: string;
  /** Object names start with this ('' or ending in '/'). */
  prefix: string;
  endpoint: string | undefined;
  region: string;
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
};

/**
 * STORAGE_URL=s3://[key:secret@]bucket[/prefix]?endpoint=http://host:9000&region=us-east-1
 * Without key and secret in the URL the SDK's usual chain is used (AWS_ACCESS_KEY_ID and
 * friends, instance roles). A custom endpoint (MinIO, Ceph, Garage...) implies path-style
 * addressing unless force_path_style=false.
 */
export const parseS3Url = (raw: string): TS3Location => {
  const url = new URL(raw);
  if (url.protocol !== 's3:' || url.hostname === '') {
    throw new Error('STORAGE_URL must look like s3://bucket/prefix?endpoint=...&region=...');
  }
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  const pathStyle = url.searchParams.get('force_path_style');
  const prefix = decodeURIComponent(url.pathname).replace(/^\/+/, '').replace(/\/*$/, '');
  return {
    bucket: url.hostname,
    prefix: prefix ? `${prefix}/` : '',
    endpoint,
    region: url.searchParams.get('region') ?? process.env.AWS_REGION ?? 'us-east-1',
    forcePathStyle: pathStyle === null ? endpoint !== undefined : pathStyle === 'true',
    credentials:
      url.username !== ''
        ? {
            accessKeyId: decodeURIComponent(url.username),
            secretAccessKey: decodeURIComponent(url.password),
          }
        : undefined,
  };
};

const isMissing = (error: unknown) =>
  error instanceof NoSuchKey ||
  (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);

/**
 * Documents in an S3-compatible bucket. A PutObject is atomic in S3: the object appears
 * only once every byte has arrived, so an upload cut off half-way leaves no object.
 */
export const createS3Storage = async (
  location: TS3Location,
  stagingDir: string,
): Promise<TDocumentStorage> => {
  await mkdir(stagingDir, { recursive: true, mode: 0o700 });
  const client = new S3Client({
    region: location.region,
    forcePathStyle: location.forcePathStyle,
    // The SDK's default trailing checksums (aws-chunked bodies) are not understood by
    // every S3-compatible server; ask for checksums only where S3 requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(location.endpoint ? { endpoint: location.endpoint } : {}),
    ...(location.credentials ? { credentials: location.credentials } : {}),
  });
  const Bucket = location.bucket;
  const objectName = (key: string) => {
    assertStorageKey(key);
    return `${location.prefix}${key}`;
  };

  return {
    kind: 's3',
    stagingDir,
    commit: async (key, stagedPath, meta) => {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: objectName(key),
          Body: createReadStream(stagedPath),
          ContentLength: meta.size,
          ContentType: meta.contentType,
        }),
      );
    },
    open: async (key) => {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: objectName(key) }));
        return { body: answer.Body as Readable, size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) {
          throw new StorageNotFoundError(key);
        }
        throw error;
      }
    },
    remove: async (key) => {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectName(key) }));
    },
    list: async function* () {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket,
            Prefix: location.prefix,
            ...(token ? { ContinuationToken: token } : {}),
          }),
        );
        for (const object of page.Contents ?? []) {
          const key = (object.Key ?? '').slice(location.prefix.length);
          yield { key, modifiedAt: object.LastModified?.getTime() ?? Date.now() };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    close: async () => {
      client.destroy();
    },
  };
};

import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { DOCUMENT_MESSAGES, cleanFileName, decodeFormFileName } from '@portal/domain/documents';
import { AppError } from '../../plugins/errors';

export type TStagedFile = { name: string; stagedPath: string; size: number };

/** Reads the rest of a part we refuse, so the client still gets our answer, not a reset. */
const drain = (stream: NodeJS.ReadableStream) =>
  pipeline(stream, new Writable({ write: (_chunk, _encoding, done) => done() }));

const isLimitError = (error: unknown, code: string) =>
  error instanceof Error && 'code' in error && error.code === code;

/**
 * Reads a multipart upload: text fields into a record, each `file` part streamed into its
 * own staging file under a random name. The first refusal is thrown once the whole body
 * has been read. `staged` lists every staging file made, even on failure, so the caller
 * can always remove them.
 */
export const receiveMultipart = async (
  request: FastifyRequest,
  stagingDir: string,
  staged: string[],
): Promise<{ fields: Record<string, string>; files: TStagedFile[] }> => {
  const fields: Record<string, string> = {};
  const files: TStagedFile[] = [];
  let refusal: AppError | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
        }
        continue;
      }
      const name = cleanFileName(decodeFormFileName(part.filename));
      if (part.fieldname !== 'file' || refusal) {
        refusal ??= new AppError('bad_request', `Unexpected file field "${part.fieldname}"`);
        await drain(part.file);
        continue;
      }
      const stagedPath = path.join(stagingDir, randomUUID());
      staged.push(stagedPath);
      const out = createWriteStream(stagedPath, { flags: 'wx', mode: 0o600 });
      await pipeline(part.file, out);
      if (part.file.truncated) {
        refusal = new AppError('payload_too_large', DOCUMENT_MESSAGES.tooLarge(name || 'The file'));
        await rm(stagedPath, { force: true });
        continue;
      }
      files.push({ name, stagedPath, size: out.bytesWritten });
    }
  } catch (error) {
    if (isLimitError(error, 'FST_FILES_LIMIT')) {
      throw new AppError('payload_too_large', DOCUMENT_MESSAGES.tooMany, { cause: error });
    }
    if (refusal && isLimitError(error, 'FST_REQ_FILE_TOO_LARGE')) {
      throw refusal;
    }
    if (isLimitError(error, 'FST_PARTS_LIMIT') || isLimitError(error, 'FST_FIELDS_LIMIT')) {
      throw new AppError('payload_too_large', 'Too many form fields', { cause: error });
    }
    if (error instanceof Error && 'statusCode' in error && error.statusCode === 406) {
      throw new AppError('bad_request', 'Send the upload as multipart/form-data', {
        cause: error,
      });
    }
    throw error;
  }
  if (refusal) {
    throw refusal;
  }
  return { fields, files };
};

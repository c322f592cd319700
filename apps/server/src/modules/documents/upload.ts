import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DOCUMENT_MESSAGES, ZUploadFields, type TDocument } from '@portal/domain/documents';
import type { DocumentsTable } from '../../db/schema';
import { AppError } from '../../plugins/errors';
import type { TSignedInUser } from '../auth/session-repository';
import { presentDocument } from './presenters';
import { receiveMultipart } from './receive';
import { deleteDocumentRow, findDocument, insertDocuments } from './repository';
import { resolveUploadTarget } from './resolve';
import { checkContent } from './sniff';

const firstIssue = (error: { issues: { path: PropertyKey[]; message: string }[] }) => {
  const issue = error.issues[0];
  return issue ? `${issue.path.map(String).join('.')}: ${issue.message}` : 'Invalid upload';
};

/**
 * One upload request, all or nothing: every file is staged and checked before any is
 * stored; the rows are inserted only after every file's bytes are committed; the audit
 * row follows. A failure at any step removes what was committed and every staging file,
 * so an upload cut off half-way leaves no row and no stray file.
 */
export const handleUpload = async (
  app: FastifyInstance,
  request: FastifyRequest,
  user: TSignedInUser,
): Promise<TDocument[]> => {
  const storage = app.documentStorage;
  const { db } = app.portal.database;
  const staged: string[] = [];
  const committed: string[] = [];
  const inserted: string[] = [];
  try {
    const { fields: rawFields, files } = await receiveMultipart(
      request,
      storage.stagingDir,
      staged,
    );
    const parsed = ZUploadFields.safeParse(rawFields);
    if (!parsed.success) {
      throw new AppError('bad_request', firstIssue(parsed.error));
    }
    const fields = parsed.data;
    if (!fields.order_identifier && !fields.order_key) {
      throw new AppError('bad_request', DOCUMENT_MESSAGES.identifierRequired);
    }
    if (files.length === 0) {
      throw new AppError('bad_request', DOCUMENT_MESSAGES.noFile);
    }
    const checked = [];
    for (const file of files) {
      if (file.size === 0) {
        throw new AppError('bad_request', DOCUMENT_MESSAGES.emptyFile(file.name));
      }
      checked.push({ ...file, ...(await checkContent(file.stagedPath, file.name)) });
    }
    const target = await resolveUploadTarget(db, user, fields);

    const now = app.clock();
    const rows: DocumentsTable[] = [];
    for (const file of checked) {
      const storageKey = randomUUID();
      // Listed before the commit: a store that fails after keeping the bytes is cleaned too.
      committed.push(storageKey);
      await storage.commit(storageKey, file.stagedPath, {
        contentType: file.contentType,
        size: file.size,
      });
      rows.push({
        id: randomUUID(),
        storage_key: storageKey,
        file_name: file.name,
        file_type: file.fileType,
        content_type: file.contentType,
        size: file.size,
        description: fields.description || null,
        uploaded_by_user_id: user.id,
        uploaded_by: user.username || user.email,
        order_identifier: target.identifier,
        order_id: target.orderId,
        order_number: target.orderNumber,
        patient_key: target.patientKey,
        created_at: now,
      });
    }
    await insertDocuments(db, rows);
    inserted.push(...rows.map((row) => row.id));
    await app.audit(request, {
      action: 'document_upload',
      userId: user.id,
      patientKey: target.patientKey,
      detail: {
        document_ids: inserted,
        order_number: target.orderNumber,
        order_identifier: target.identifier,
        files: rows.map((row) => ({ type: row.file_type, size: row.size })),
      },
    });
    const documents = [];
    for (const id of inserted) {
      const row = await findDocument(db, id);
      if (row) {
        documents.push(presentDocument(row));
      }
    }
    return documents;
  } catch (error) {
    await undo(app, { inserted, committed }, request);
    throw error;
  } finally {
    await Promise.all(staged.map((file) => rm(file, { force: true })));
  }
};

/** Removes what a failed upload stored; a leftover is logged and swept later. */
const undo = async (
  app: FastifyInstance,
  done: { inserted: string[]; committed: string[] },
  request: FastifyRequest,
) => {
  for (const id of done.inserted) {
    await deleteDocumentRow(app.portal.database.db, id).catch((error: unknown) => {
      request.log.error({ err: error, id }, 'could not remove the row of a failed upload');
    });
  }
  for (const key of done.committed) {
    await app.documentStorage.remove(key).catch((error: unknown) => {
      request.log.warn({ err: error, key }, 'stored bytes of a failed upload left for the sweep');
    });
  }
};

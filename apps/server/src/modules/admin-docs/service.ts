import type { Kysely } from 'kysely';
import {
  ADMIN_DOC_MESSAGES,
  canBeFixed,
  hasVisibleText,
  staleSaveMessage,
  type TAdminDoc,
  type TAdminDocCategory,
  type TAdminDocDetailResponse,
  type TAdminDocSummary,
} from '@portal/domain/admin-docs-api';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/errors';
import type { TSignedInUser } from '../auth/session-repository';
import {
  deleteDoc,
  findDoc,
  findVersion,
  insertDoc,
  insertVersion,
  listDocs,
  listHistory,
  updateDocIfAtVersion,
  type TDocValues,
} from './repository';
import { sanitiseDocHtml } from './sanitiser';

/** The form's fields after the schema's checks (trimmed, defaults applied). */
export type TDocFields = {
  title: string;
  content: string;
  category: TAdminDocCategory;
  change_notes?: string | null | undefined;
  is_fixed: boolean;
};

type TSummaryRow = {
  id: number;
  title: string;
  category: string;
  is_fixed: number;
  version: number;
  updated_by: string;
  updated_at: number;
};

const iso = (ms: number) => new Date(ms).toISOString();

const presentSummary = (row: TSummaryRow): TAdminDocSummary => ({
  doc_id: row.id,
  title: row.title,
  category: row.category as TAdminDocCategory,
  is_fixed: row.is_fixed === 1,
  version: row.version,
  updated_by: row.updated_by,
  updated_at: iso(row.updated_at),
});

const presentDoc = (
  row: TSummaryRow & { content: string; change_notes: string | null },
): TAdminDoc => ({
  ...presentSummary(row),
  content: row.content,
  change_notes: row.change_notes,
});

/**
 * The values a save stores: the HTML through the allow-list (what the client sent is never
 * trusted), a fixed flag only where the category has one, and the saver's name.
 */
const valuesFor = (fields: TDocFields, user: TSignedInUser, now: number): TDocValues => {
  const content = sanitiseDocHtml(fields.content);
  // Checked after sanitising: '<script>x</script>' alone is no content at all.
  if (!hasVisibleText(content)) {
    throw new AppError('bad_request', ADMIN_DOC_MESSAGES.contentRequired);
  }
  const notes = fields.change_notes?.trim();
  return {
    title: fields.title,
    content,
    category: fields.category,
    is_fixed: fields.is_fixed && canBeFixed(fields.category) ? 1 : 0,
    updated_by_user_id: user.id,
    updated_by: user.username,
    updated_at: now,
    change_notes: notes ? notes : null,
  };
};

export const listAdminDocs = async (db: Kysely<Database>) =>
  (await listDocs(db)).map(presentSummary);

/** One document with its history; `version` opens an earlier version instead of the current. */
export const readAdminDoc = async (
  db: Kysely<Database>,
  options: { id: number; version?: number | undefined },
): Promise<Omit<TAdminDocDetailResponse, 'success'>> => {
  const current = await findDoc(db, options.id);
  if (!current) {
    throw new AppError('not_found', ADMIN_DOC_MESSAGES.notFound);
  }
  const history = await listHistory(db, options.id);
  let shown = presentDoc(current);
  if (options.version !== undefined && options.version !== current.version) {
    const earlier = await findVersion(db, options.id, options.version);
    if (!earlier) {
      throw new AppError('not_found', ADMIN_DOC_MESSAGES.versionNotFound);
    }
    shown = presentDoc({ ...earlier, id: earlier.doc_id });
  }
  return {
    document: shown,
    latest_version: current.version,
    history: history.map((entry) => ({
      version: entry.version,
      updated_by: entry.updated_by,
      updated_at: iso(entry.updated_at),
      change_notes: entry.change_notes,
    })),
  };
};

export const createAdminDoc = async (
  db: Kysely<Database>,
  options: { fields: TDocFields; user: TSignedInUser; now: number },
) => {
  const values = valuesFor(options.fields, options.user, options.now);
  const id = await db.transaction().execute(async (trx) => {
    const docId = await insertDoc(trx, values, options.now);
    await insertVersion(trx, { ...values, doc_id: docId, version: 1 });
    return docId;
  });
  return { id, version: 1, title: values.title };
};

/**
 * Saves version expected_version + 1 and keeps it in the history, in one transaction. A
 * save that started from an older version than the current one is refused with a 409
 * naming who saved in between; nothing is overwritten.
 */
export const updateAdminDoc = async (
  db: Kysely<Database>,
  options: {
    id: number;
    expectedVersion: number;
    fields: TDocFields;
    user: TSignedInUser;
    now: number;
  },
) => {
  const values = valuesFor(options.fields, options.user, options.now);
  const version = options.expectedVersion + 1;
  const saved = await db.transaction().execute(async (trx) => {
    const updated = await updateDocIfAtVersion(trx, {
      id: options.id,
      expectedVersion: options.expectedVersion,
      values,
    });
    if (updated) {
      await insertVersion(trx, { ...values, doc_id: options.id, version });
    }
    return updated;
  });
  if (!saved) {
    // Read after the refused update's transaction ended, so the newest save is what is named.
    const current = await findDoc(db, options.id);
    if (!current) {
      throw new AppError('not_found', ADMIN_DOC_MESSAGES.notFound);
    }
    throw new AppError(
      'conflict',
      staleSaveMessage({ updatedBy: current.updated_by, version: current.version }),
    );
  }
  return { id: options.id, version, title: values.title };
};

export const deleteAdminDoc = async (db: Kysely<Database>, id: number) => {
  const existing = await findDoc(db, id);
  const deleted = await db.transaction().execute((trx) => deleteDoc(trx, id));
  if (!existing || !deleted) {
    throw new AppError('not_found', ADMIN_DOC_MESSAGES.notFound);
  }
  return { title: existing.title, version: existing.version };
};

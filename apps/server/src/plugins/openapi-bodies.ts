import { BULK_UPLOAD_COLUMNS, CSV_UPLOAD_LIMITS } from '@portal/domain/bulk-users';
import { DOCUMENT_CONTENT_TYPES, DOCUMENT_LIMITS } from '@portal/domain/documents-rules';

type TSchema = Record<string, unknown>;
type TMedia = { schema?: TSchema; example?: unknown; encoding?: Record<string, unknown> };
export type TRequestBody = { required?: boolean; content?: Record<string, TMedia> };

/**
 * What the services check beyond the routes' own schemas, added to the document only: the
 * routes still validate with their zod schemas, unchanged. The snowpark runs take their
 * mapping fields as unknown so the spec's messages ('mysql_table is required') reach the
 * client (data-sync-api.ts); the preferences update refuses a body with neither field
 * ('Nothing to update'). Keyed `METHOD path`.
 */
const BODY_RULES: Record<string, TSchema> = {
  'POST /api/data-sync/snowpark/enhanced-dataframe-operations': {
    required: ['mysql_table', 'operations'],
    properties: {
      mysql_table: { type: 'string' },
      operations: { type: 'array', minItems: 1, items: { type: 'object' } },
    },
  },
  'POST /api/data-sync/snowpark/sync-query': {
    required: ['mysql_table', 'query'],
    properties: { mysql_table: { type: 'string' }, query: { type: 'string' } },
  },
  'PUT /api/preferences': { minProperties: 1 },
};

const MEGABYTE = 1024 * 1024;

/** One file as multipart bytes. */
const binary = (description: string) => ({ type: 'string', format: 'binary', description });

/** A CSV upload of the admin tools (lib/csv-upload.ts): one part named `file`. */
const csvUpload = (columns: string, example: string): TRequestBody => ({
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        required: ['file'],
        properties: {
          file: binary(
            `A .csv file of at most ${CSV_UPLOAD_LIMITS.maxBytes / MEGABYTE} MB and ` +
              `${CSV_UPLOAD_LIMITS.maxRows.toLocaleString('en-US')} data rows, header first: ${columns}`,
          ),
        },
      },
      encoding: { file: { contentType: 'text/csv' } },
      example: { file: example },
    },
  },
});

/** The document upload's parts as upload.ts reads them (ZUploadFields, documents.ts). */
const documentUpload: TRequestBody = {
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        description: 'Send order_identifier or order_key (or both): the order the files go under.',
        required: ['file'],
        properties: {
          file: {
            type: 'array',
            minItems: 1,
            maxItems: DOCUMENT_LIMITS.maxFiles,
            items: binary(
              `One part named file per file, each at most ${DOCUMENT_LIMITS.maxFileBytes / MEGABYTE} MB: ` +
                `.${DOCUMENT_LIMITS.extensions.join(', .')}`,
            ),
          },
          order_identifier: {
            type: 'string',
            maxLength: DOCUMENT_LIMITS.maxIdentifierLength,
            description: "What the uploader typed: an SO number or a patient's name",
          },
          patient_key: {
            type: 'string',
            maxLength: 64,
            description: 'The patient, to narrow a name',
          },
          order_key: { type: 'string', maxLength: 64, description: 'The order, by its key' },
          description: { type: 'string', maxLength: DOCUMENT_LIMITS.maxDescriptionLength },
          uploaded_by: {
            type: 'string',
            description: 'Accepted and ignored: the uploader is the signed-in user',
          },
        },
      },
      encoding: {
        file: { contentType: [...new Set(Object.values(DOCUMENT_CONTENT_TYPES))].join(', ') },
      },
      example: {
        file: ['(the bytes of cmn.pdf)'],
        order_identifier: 'SO1000001',
        description: 'Signed CMN',
      },
    },
  },
};

/**
 * Routes that read multipart themselves (they declare no body, so Fastify's document has
 * none): their parts, documented here without changing how they parse.
 */
const MULTIPART_BODIES: Record<string, TRequestBody> = {
  'POST /api/documents/upload': documentUpload,
  'POST /api/admin/bulk-upload-users': csvUpload(
    `${BULK_UPLOAD_COLUMNS.join(', ')} (email required)`,
    'email,first_name,last_name\njane.doe@example.com,Jane,Doe\n',
  ),
  'POST /api/admin/activate-patient-portal-csv': csvUpload(
    'email (required), patient_id, payor_key',
    'email\njane.doe@example.com\n',
  ),
};

/** Adds a rule's keywords to a schema; its properties are merged one by one. */
const applyRule = (schema: TSchema, rule: TSchema) => {
  const { properties, ...rest } = rule;
  const existing = (schema.properties ?? {}) as Record<string, TSchema>;
  for (const [name, extra] of Object.entries((properties ?? {}) as Record<string, TSchema>)) {
    existing[name] = { ...existing[name], ...extra };
  }
  Object.assign(schema, rest);
};

/** The operation's request body as the document shows it: rules added, multipart parts named. */
export const documentBody = (
  method: string,
  path: string,
  body: TRequestBody | undefined,
): TRequestBody | undefined => {
  const key = `${method.toUpperCase()} ${path}`;
  if (body === undefined) {
    return MULTIPART_BODIES[key] === undefined ? undefined : structuredClone(MULTIPART_BODIES[key]);
  }
  const rule = BODY_RULES[key];
  const schema = body.content?.['application/json']?.schema;
  if (rule && schema) {
    applyRule(schema, rule);
  }
  return body;
};

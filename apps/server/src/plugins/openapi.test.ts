import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv, type AnySchema } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { ZUploadFields } from '@portal/domain/documents';
import { DOCUMENT_CONTENT_TYPES } from '@portal/domain/documents-rules';
import { signInAs } from '../modules/data-sync/test-support';
import { DEFAULT_MAPPINGS } from '../sync/default-groups';
import { useTestPortal } from '../test/test-portal';
import { useTestWarehouse } from '../test/warehouse';
import { eachSchema } from './openapi';
import { toJsonSchema } from '../test/openapi-json-schema';

/**
 * Issue 32: the OpenAPI document drives outside tools. It validates as OpenAPI 3.0 (the
 * official schema, through an npm validator), every schema in it compiles with Ajv once
 * turned into JSON Schema, every required parameter carries an example its schema accepts,
 * files are documented as bytes in their real media types, and no `nullable` lacks a `type`.
 */
type TSchema = Record<string, unknown>;
type TParameter = {
  name: string;
  in: string;
  required?: boolean;
  example?: unknown;
  schema: TSchema;
};
type TResponse = {
  content?: Record<string, { schema?: TSchema }>;
  headers?: Record<string, unknown>;
};
type TOperation = {
  parameters?: TParameter[];
  requestBody?: {
    required?: boolean;
    content: Record<string, { schema?: TSchema; example?: unknown }>;
  };
  responses: Record<string, TResponse>;
};
type TDocument = {
  openapi: string;
  paths: Record<string, Record<string, TOperation>>;
  [key: string]: unknown;
};

const ajv = new Ajv({ strict: true, allErrors: true, validateFormats: false });
// OpenAPI's own annotations: words Ajv's strict mode would otherwise refuse.
ajv.addKeyword('example');
ajv.addKeyword('xml');
ajv.addKeyword('externalDocs');

/** Every schema of the document, named by where it is. */
const schemasOf = (document: TDocument) => {
  const found: { at: string; schema: TSchema }[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const at = `${method.toUpperCase()} ${path}`;
      for (const parameter of operation.parameters ?? []) {
        found.push({ at: `${at} ${parameter.in} ${parameter.name}`, schema: parameter.schema });
      }
      for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) {
        if (media.schema) {
          found.push({ at: `${at} body ${type}`, schema: media.schema });
        }
      }
      for (const [status, response] of Object.entries(operation.responses)) {
        for (const [type, media] of Object.entries(response.content ?? {})) {
          if (media.schema) {
            found.push({ at: `${at} ${status} ${type}`, schema: media.schema });
          }
        }
      }
    }
  }
  return found;
};

describe('the OpenAPI document', () => {
  const portal = useTestPortal('sqlite', { API_DOCS: 'true' });
  let document: TDocument;
  beforeAll(async () => {
    const response = await portal().app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    document = response.json<TDocument>();
  });
  const operations = () =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );

  it('is valid OpenAPI 3.0 by the official schema', async () => {
    expect(document.openapi).toMatch(/^3\.0\./);
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('has schemas that all compile with Ajv, and no nullable without a type', () => {
    const schemas = schemasOf(document);
    expect(schemas.length).toBeGreaterThan(200);
    const failures: string[] = [];
    const untyped: string[] = [];
    for (const { at, schema } of schemas) {
      eachSchema(schema, (node) => {
        if ('nullable' in node && node.type === undefined) {
          untyped.push(at);
        }
      });
      try {
        ajv.compile(toJsonSchema(schema) as AnySchema);
      } catch (error) {
        failures.push(`${at}: ${(error as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
    expect(untyped).toEqual([]);
  });

  it('gives every path and query parameter an example its schema accepts', () => {
    const problems: string[] = [];
    let required = 0;
    for (const { path, method, operation } of operations()) {
      for (const parameter of operation.parameters ?? []) {
        const at = `${method.toUpperCase()} ${path} ${parameter.in} ${parameter.name}`;
        required += parameter.required ? 1 : 0;
        const example = parameter.example ?? parameter.schema.example;
        if (example === undefined) {
          problems.push(`${at}: no example`);
          continue;
        }
        const validate = ajv.compile(toJsonSchema(parameter.schema) as AnySchema);
        if (!validate(example)) {
          problems.push(
            `${at}: example ${JSON.stringify(example)} ${ajv.errorsText(validate.errors)}`,
          );
        }
      }
    }
    expect(required).toBeGreaterThan(20);
    expect(problems).toEqual([]);
  });

  it('documents Retry-After on every 429', () => {
    const refusals = operations().flatMap(({ operation }) =>
      operation.responses['429'] ? [operation.responses['429']] : [],
    );
    expect(refusals.length).toBeGreaterThan(5);
    for (const refused of refusals) {
      expect(refused.headers?.['Retry-After']).toMatchObject({ schema: { type: 'integer' } });
    }
  });

  it('gives every request body an example its schema accepts', () => {
    const problems: string[] = [];
    let bodies = 0;
    for (const { path, method, operation } of operations()) {
      for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) {
        bodies += 1;
        const at = `${method.toUpperCase()} ${path} ${type}`;
        if (media.example === undefined) {
          problems.push(`${at}: no example`);
          continue;
        }
        const validate = ajv.compile(toJsonSchema(media.schema ?? {}));
        if (!validate(media.example)) {
          problems.push(`${at}: ${ajv.errorsText(validate.errors)}`);
        }
      }
    }
    expect(bodies).toBeGreaterThan(20);
    expect(problems).toEqual([]);
  });

  it('documents a download as the file’s bytes, and errors and data as JSON', () => {
    const download = document.paths['/api/documents/{id}/download']?.get;
    expect(Object.keys(download?.responses['200']?.content ?? {}).sort()).toEqual(
      Object.values(DOCUMENT_CONTENT_TYPES).sort(),
    );
    for (const media of Object.values(download?.responses['200']?.content ?? {})) {
      expect(media.schema).toMatchObject({ type: 'string', format: 'binary' });
    }
    const csv = document.paths['/api/worklist/payor/{payor_key}/orders.csv']?.get;
    expect(csv?.responses['200']?.content?.['text/csv']?.schema).toMatchObject({ type: 'string' });
    // Every other answer, errors of file routes included, is JSON with a JSON schema.
    for (const { path, method, operation } of operations()) {
      for (const [status, response] of Object.entries(operation.responses)) {
        const types = Object.keys(response.content ?? {});
        const files = types.filter((type) => type !== 'application/json');
        if (files.length > 0) {
          expect(`${method} ${path} ${status} ${types.join(',')}`).toMatch(/ 2\d\d /);
          for (const type of files) {
            expect(response.content?.[type]?.schema?.type, `${method} ${path} ${type}`).toBe(
              'string',
            );
          }
        }
      }
    }
  });

  const bodyOf = (method: string, path: string, type = 'application/json') =>
    document.paths[path]?.[method]?.requestBody?.content[type];

  it('documents what the snowpark runs and the preferences update need, with working examples', () => {
    const dataframe = bodyOf('post', '/api/data-sync/snowpark/enhanced-dataframe-operations');
    expect(dataframe?.schema?.required).toEqual(['mysql_table', 'operations']);
    expect(dataframe?.example).toMatchObject({
      mysql_table: 'payors',
      operations: DEFAULT_MAPPINGS.payors!.operations,
    });
    const query = bodyOf('post', '/api/data-sync/snowpark/sync-query');
    expect(query?.schema?.required).toEqual(['mysql_table', 'query']);
    expect(query?.example).toMatchObject({ mysql_table: 'payors' });
    expect((query?.example as { query: string }).query).toMatch(/^SELECT .* FROM PAYORS /);
    const preferences = bodyOf('put', '/api/preferences');
    expect(preferences?.schema?.minProperties).toBe(1);
    expect(Object.keys(preferences?.example as object)).toEqual(['so_classifications']);
  });

  it('gives the password and email changes’ examples the current password', () => {
    for (const [method, path] of [
      ['put', '/api/profile'],
      ['post', '/api/reset-password'],
      ['put', '/api/reset-password'],
    ] as const) {
      const body = bodyOf(method, path);
      expect(body?.example, `${method} ${path}`).toHaveProperty('current_password');
      // Still optional: a forced reset and a name-only profile change go without it.
      expect(body?.schema?.required ?? []).not.toContain('current_password');
    }
  });

  it('documents the multipart uploads with their parts, the files as bytes', () => {
    const upload = bodyOf('post', '/api/documents/upload', 'multipart/form-data');
    expect(document.paths['/api/documents/upload']?.post?.requestBody?.required).toBe(true);
    const properties = upload?.schema?.properties as Record<string, TSchema>;
    // Every text field the route reads (ZUploadFields), and the files.
    expect(Object.keys(properties).sort()).toEqual(
      ['file', ...Object.keys(ZUploadFields.shape)].sort(),
    );
    expect(properties.file).toMatchObject({
      type: 'array',
      items: { type: 'string', format: 'binary' },
    });
    expect(upload?.schema?.required).toEqual(['file']);
    for (const path of ['/api/admin/bulk-upload-users', '/api/admin/activate-patient-portal-csv']) {
      const csv = bodyOf('post', path, 'multipart/form-data');
      expect(csv?.schema, path).toMatchObject({
        required: ['file'],
        properties: { file: { type: 'string', format: 'binary' } },
      });
      expect(Object.keys(document.paths[path]?.post?.requestBody?.content ?? {})).toEqual([
        'multipart/form-data',
      ]);
    }
  });
});

describe('the snowpark runs’ documented examples', () => {
  const warehouseFile = useTestWarehouse({ patients: 20 });
  const portal = useTestPortal('sqlite', {
    get WAREHOUSE_URL() {
      return warehouseFile();
    },
    SCHEDULER_TICK_MS: '0',
    API_DOCS: 'true',
  });

  it('run to completion on the demo warehouse, filling payors', async () => {
    const { app } = portal();
    const document = (await app.inject({ url: '/api/docs/json' })).json<TDocument>();
    const as = await signInAs(app, 'admin');
    for (const path of [
      '/api/data-sync/snowpark/enhanced-dataframe-operations',
      '/api/data-sync/snowpark/sync-query',
    ]) {
      const example = document.paths[path]?.post?.requestBody?.content['application/json']?.example;
      const started = await as({ method: 'POST', url: path, payload: example as object });
      expect(started.statusCode, started.body).toBe(200);
      await app.dataSync.idle();
      const job = await as({
        url: `/api/data-sync/jobs/${started.json<{ job_id: string }>().job_id}`,
      });
      expect(job.json(), path).toMatchObject({
        data: { status: 'completed', mysql_table: 'payors' },
      });
      expect(job.json<{ data: { rows_inserted: number } }>().data.rows_inserted).toBeGreaterThan(0);
    }
  }, 60_000);
});

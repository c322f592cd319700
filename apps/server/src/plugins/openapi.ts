import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { documentBody, type TRequestBody } from './openapi-bodies';
import { bodyExampleFor, exampleFor } from './openapi-examples';

type TSchema = Record<string, unknown>;
type TMedia = { schema?: TSchema; example?: unknown };
type TResponse = {
  description?: string;
  content?: Record<string, TMedia>;
  headers?: Record<string, unknown>;
};
type TParameter = {
  name: string;
  in: string;
  required?: boolean;
  example?: unknown;
  schema?: TSchema;
};
type TOperation = {
  parameters?: TParameter[];
  requestBody?: TRequestBody;
  responses?: Record<string, TResponse>;
};
export type TOpenApiDocument = {
  paths?: Record<string, Record<string, TOperation>>;
  components?: { schemas?: Record<string, TSchema> };
};

const JSON_TYPE = 'application/json';

/** Keys whose value is a map of names to schemas: the names are not keywords. */
const SCHEMA_MAPS = ['properties', 'patternProperties', 'definitions', '$defs'];
/** Keys whose value is a schema or a list of schemas. */
const SUBSCHEMAS = [
  'items',
  'additionalProperties',
  'not',
  'anyOf',
  'oneOf',
  'allOf',
  'prefixItems',
];

/** Calls visit on a schema and on every schema inside it (never on a map of property names). */
export const eachSchema = (schema: unknown, visit: (schema: TSchema) => void): void => {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) {
    return;
  }
  const node = schema as TSchema;
  visit(node);
  for (const key of SCHEMA_MAPS) {
    for (const child of Object.values((node[key] as TSchema | undefined) ?? {})) {
      eachSchema(child, visit);
    }
  }
  for (const key of SUBSCHEMAS) {
    const child = node[key];
    for (const each of Array.isArray(child) ? child : [child]) {
      eachSchema(each, visit);
    }
  }
};

/**
 * OpenAPI 3.0 has no `null` type: `nullable` goes with a `type`. zod's nullable union comes
 * out as `{ anyOf: [...], nullable: true }`, which validators refuse; the flag moves into
 * each branch. A bare `{ nullable: true }` (any value) loses it: any value includes null.
 */
const fixNullable = (schema: TSchema) => {
  if (schema.nullable === undefined || schema.type !== undefined) {
    return;
  }
  const branches = (schema.anyOf ?? schema.oneOf) as TSchema[] | undefined;
  for (const branch of branches ?? []) {
    if (branch.type !== undefined) {
      branch.nullable = true;
    }
  }
  delete schema.nullable;
};

/** Every schema an operation holds: its parameters', its body's, its answers'. */
const schemasOf = (operation: TOperation): TSchema[] => {
  const media = [
    ...Object.values(operation.requestBody?.content ?? {}),
    ...Object.values(operation.responses ?? {}).flatMap((response) =>
      Object.values(response.content ?? {}),
    ),
  ];
  return [
    ...(operation.parameters ?? []).map((parameter) => parameter.schema),
    ...media.map((each) => each.schema),
  ].filter((schema): schema is TSchema => schema !== undefined);
};

/** A body that is JSON: an object or a list (the error body, every API answer). */
const isJsonSchema = (schema: TSchema | undefined) =>
  schema?.type === 'object' || schema?.type === 'array' || schema?.properties !== undefined;

/**
 * A route that answers with a file names its media types (`produces`), and Fastify's
 * document then gives every response those types. Its error answers are JSON; its file
 * is a string of bytes (`format: binary`), text for text/*.
 */
const fixMediaTypes = (responses: Record<string, TResponse>) => {
  for (const response of Object.values(responses)) {
    const content = response.content;
    if (!content || Object.keys(content).every((type) => type === JSON_TYPE)) {
      continue;
    }
    const first = Object.values(content)[0]?.schema;
    if (isJsonSchema(first)) {
      response.content = { [JSON_TYPE]: { schema: first! } };
      continue;
    }
    for (const [type, media] of Object.entries(content)) {
      const description = media.schema?.description;
      media.schema = {
        type: 'string',
        ...(type.startsWith('text/') ? {} : { format: 'binary' }),
        ...(description === undefined ? {} : { description }),
      };
    }
  }
};

/** Every parameter gets an example (outside tools call the API with them). */
const addExamples = (path: string, parameters: TParameter[]) => {
  for (const parameter of parameters) {
    if (parameter.example === undefined && parameter.schema?.example === undefined) {
      parameter.example = exampleFor(path, parameter.name, parameter.schema ?? {});
    }
  }
};

/** A 429 says when to try again (plugins/errors.ts). */
const RETRY_AFTER = {
  description: 'Whole seconds until a try could pass',
  schema: { type: 'integer', minimum: 1 },
  example: 60,
};

const addRetryAfter = (responses: Record<string, TResponse>) => {
  const refused = responses['429'];
  if (refused) {
    refused.headers = { ...refused.headers, 'Retry-After': RETRY_AFTER };
  }
};

/** Every JSON request body gets an example its schema accepts. */
const addBodyExample = (path: string, operation: TOperation) => {
  const media = operation.requestBody?.content?.[JSON_TYPE];
  if (media?.schema && media.example === undefined) {
    media.example = bodyExampleFor(path, media.schema);
  }
};

/** The document as Fastify builds it, made valid OpenAPI 3.0 and usable by outside tools. */
export const completeDocument = <T extends TOpenApiDocument>(document: T): T => {
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      const body = documentBody(method, path, operation.requestBody);
      if (body) {
        operation.requestBody = body;
      }
      addExamples(path, operation.parameters ?? []);
      addBodyExample(path, operation);
      addRetryAfter(operation.responses ?? {});
      fixMediaTypes(operation.responses ?? {});
      schemasOf(operation).forEach((schema) => eachSchema(schema, fixNullable));
    }
  }
  Object.values(document.components?.schemas ?? {}).forEach((schema) =>
    eachSchema(schema, fixNullable),
  );
  return document;
};

/** The OpenAPI document at /api/docs/json and its UI at /api/docs (API_DOCS). */
export const registerApiDocs = async (app: FastifyInstance) => {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Supplier portal API', version: '1.0.0' },
      servers: [{ url: '/' }],
    },
    transform: jsonSchemaTransform,
    transformObject: (documents) =>
      completeDocument(
        ('openapiObject' in documents ? documents.openapiObject : documents.swaggerObject) as never,
      ),
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
};

import type { TFuzzSpec } from 'openapi-fuzzer-core';

export type TSchema = Record<string, unknown>;
export type TParameter = {
  name: string;
  in: string;
  required?: boolean;
  example?: unknown;
  schema?: TSchema;
};
export type TMedia = { schema?: TSchema; example?: unknown };
export type TOperation = {
  parameters?: TParameter[];
  requestBody?: { content?: Record<string, TMedia> };
  responses: Record<string, { content?: Record<string, TMedia> }>;
};
export type TDocument = { paths: Record<string, Record<string, TOperation>> };

export const JSON_TYPE = 'application/json';
const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Every operation of the document, named `METHOD /path` as the document spells the path. */
export const operationsOf = (document: TDocument) =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => METHODS.has(method))
      .map(([method, operation]) => ({
        key: `${method.toUpperCase()} ${path}`,
        path,
        method,
        operation,
      })),
  );

/**
 * openapi-fuzzer-core reads Swagger 2.0: a parameter carries its type itself and a body is a
 * parameter `in: body` whose schema is a `$ref` into `definitions`. The OpenAPI 3.0 document
 * is given to it in that shape, unchanged otherwise.
 */
export const asSwagger2 = (document: TDocument) => {
  const definitions: Record<string, TSchema> = {};
  const paths: Record<string, Record<string, { parameters: object[] }>> = {};
  for (const { path, method, operation } of operationsOf(document)) {
    const parameters: object[] = (operation.parameters ?? []).map((parameter) => ({
      ...parameter.schema,
      name: parameter.name,
      in: parameter.in,
      required: parameter.required ?? false,
      ...(parameter.example === undefined ? {} : { example: parameter.example }),
    }));
    const body = operation.requestBody?.content?.[JSON_TYPE]?.schema;
    if (body) {
      const name = `${method} ${path}`;
      definitions[name] = body;
      parameters.push({ in: 'body', name: 'body', schema: { $ref: `#/definitions/${name}` } });
    }
    paths[path] = { ...paths[path], [method]: { parameters } };
  }
  return { basePath: '', paths, definitions };
};

/** One valid request per operation from the document's examples (required parameters only). */
export const exampleSpecs = (document: TDocument): TFuzzSpec[] =>
  operationsOf(document).map(({ path, method, operation }) => {
    const parameters = operation.parameters ?? [];
    const valuesIn = (place: string) =>
      Object.fromEntries(
        parameters
          .filter((each) => each.in === place && (place === 'path' || each.required))
          .map((each) => [each.name, each.example ?? each.schema?.example]),
      );
    const body = operation.requestBody?.content?.[JSON_TYPE];
    const declared = Object.keys(operation.responses).map(Number);
    return {
      name: 'EXAMPLE',
      request: {
        method,
        path,
        pathParams: valuesIn('path'),
        queryParams: valuesIn('query'),
        ...(body ? { body: body.example } : {}),
      },
      expect: { status: declared.filter((status) => status >= 200 && status < 300) },
    };
  });

/** The operation a request reaches, if any (specs of invalid paths and methods reach none). */
export const operationOf = (document: TDocument, spec: TFuzzSpec) =>
  document.paths[spec.request.path]?.[spec.request.method];

const asText = (value: unknown) =>
  typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);

/** The URL of a spec: path parameters filled in, query parameters appended. */
export const urlOf = (spec: TFuzzSpec) => {
  const pathParams = spec.request.pathParams ?? {};
  const path = spec.request.path.replace(/\{([^}]+)\}/g, (whole, name: string) =>
    name in pathParams ? encodeURIComponent(asText(pathParams[name])) : whole,
  );
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(spec.request.queryParams ?? {})) {
    for (const each of Array.isArray(value) ? value : [value]) {
      query.append(name, asText(each));
    }
  }
  const search = query.toString();
  return search === '' ? path : `${path}?${search}`;
};

import { Ajv, type ValidateFunction } from 'ajv';
import type { TFuzzSpec } from 'openapi-fuzzer-core';
import { JSON_TYPE, type TOperation, type TSchema } from './document';
import { toJsonSchema } from '../openapi-json-schema';

const strictAjv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
/** Path and query values arrive as text: coerced as the API's validator coerces them. */
const textAjv = new Ajv({ strict: false, coerceTypes: true, validateFormats: false });
const compiled = new Map<Ajv, Map<TSchema, ValidateFunction>>([
  [strictAjv, new Map()],
  [textAjv, new Map()],
]);

const validatorOf = (ajv: Ajv, schema: TSchema) => {
  const cache = compiled.get(ajv)!;
  let validate = cache.get(schema);
  if (!validate) {
    validate = ajv.compile(toJsonSchema(schema));
    cache.set(schema, validate);
  }
  return validate;
};

/** Why a JSON answer does not match the operation's documented answer, or undefined. */
export const answerMismatch = (
  operation: TOperation,
  status: number,
  contentType: string,
  body: string,
): string | undefined => {
  const content = operation.responses[String(status)]?.content ?? {};
  const media = contentType.split(';')[0]!.trim();
  const types = Object.keys(content);
  if (types.length > 0 && !types.includes(media)) {
    return `served as ${media}, documented as ${types.join(', ')}`;
  }
  const schema = content[media]?.schema;
  if (media !== JSON_TYPE || !schema) {
    return undefined;
  }
  const validate = validatorOf(strictAjv, schema);
  if (validate(JSON.parse(body))) {
    return undefined;
  }
  return strictAjv.errorsText(validate.errors, { dataVar: 'body' });
};

/**
 * Whether a request the fuzzer meant to be invalid is valid by the document after all: the
 * fuzzer reads Swagger 2.0 and knows nothing of `nullable`, so `null` for a nullable field is
 * one of its "invalid" values. Only then may the API accept it.
 */
export const requestIsValid = (operation: TOperation, spec: TFuzzSpec) => {
  const parameters = operation.parameters ?? [];
  for (const place of ['path', 'query'] as const) {
    const values = (place === 'path' ? spec.request.pathParams : spec.request.queryParams) ?? {};
    for (const [name, value] of Object.entries(values)) {
      const schema = parameters.find((each) => each.in === place && each.name === name)?.schema;
      if (schema && !validatorOf(textAjv, schema)(String(value))) {
        return false;
      }
    }
  }
  const body = operation.requestBody?.content?.[JSON_TYPE]?.schema;
  if (body && 'body' in spec.request) {
    return validatorOf(strictAjv, body)(structuredClone(spec.request.body));
  }
  return true;
};

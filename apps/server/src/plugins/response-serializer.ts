import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';

/**
 * Answers are written by a serializer compiled from the route's zod response schema
 * (fast-json-stringify, from the schema's JSON Schema) instead of zod encoding the answer
 * and JSON.stringify writing it: on the signed-in routes zod's check and the generic
 * stringify were a tenth of the portal's time per request (tools/bench/api.ts).
 *
 * What stays: only the properties a schema lists are written, so a row's other columns
 * (a password hash, a payor the caller may not see) never leave, and a missing required
 * property fails the answer (a 500, logged). What zod checked besides, a compiled
 * serializer does not: it writes a wrong value as its type (1.5 as 1 for an integer, any
 * string for an enum). So with `check` (the API tests turn it on) every answer is also
 * encoded by zod, which must accept it, and both texts must hold the same JSON: the whole
 * test suite holds the compiled serializers to zod's output.
 *
 * A schema JSON Schema cannot hold (a date, a transform) keeps zod's encoding.
 */

type TSerialize = (data: unknown) => string;
type TJson = Record<string, unknown>;

const isObject = (value: unknown): value is TJson =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The JSON Schema as fast-json-stringify needs it:
 * - without `additionalProperties: false`: it writes listed properties only either way, but
 *   where it picks an anyOf branch by validating, extras would match no branch, while zod
 *   strips them;
 * - `T | null` as a type list instead of an anyOf, which it would decide by validating the
 *   value against each branch on every answer.
 */
const forSerializer = (node: unknown): unknown => {
  if (Array.isArray(node)) {
    return node.map(forSerializer);
  }
  if (!isObject(node)) {
    return node;
  }
  const anyOf: unknown = node.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2 && Object.keys(node).length === 1) {
    const branches: unknown[] = anyOf;
    const isNull = (branch: unknown) =>
      isObject(branch) && branch.type === 'null' && Object.keys(branch).length === 1;
    const other = branches.find((branch) => !isNull(branch));
    if (branches.some(isNull) && isObject(other) && typeof other.type === 'string') {
      return forSerializer({ ...other, type: [other.type, 'null'] });
    }
  }
  const result: TJson = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'additionalProperties' && value === false) {
      continue;
    }
    // Names of properties are data, not schemas: only schema positions are rewritten.
    result[key] =
      key === 'properties' && isObject(value)
        ? Object.fromEntries(
            Object.entries(value).map(([name, schema]) => [name, forSerializer(schema)]),
          )
        : forSerializer(value);
  }
  return result;
};

/**
 * The compiled serializer of a schema, or undefined when JSON Schema cannot hold it or
 * fast-json-stringify cannot compile it: then zod's encoding writes the answer, slower
 * but the same.
 */
const compile = (schema: $ZodType): TSerialize | undefined => {
  try {
    const jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-07' });
    return fastJson(forSerializer(jsonSchema) as Parameters<typeof fastJson>[0]);
  } catch {
    return undefined;
  }
};

/** Compiled once per schema object, whatever app (a test builds many) or route uses it. */
const compiled = new WeakMap<$ZodType, TSerialize | null>();

const compiledFor = (schema: $ZodType) => {
  let serialize = compiled.get(schema);
  if (serialize === undefined) {
    serialize = compile(schema) ?? null;
    compiled.set(schema, serialize);
  }
  return serialize;
};

export const responseSerializerCompiler =
  (options: { check: boolean }): FastifySerializerCompiler<unknown> =>
  (route) => {
    // zod's serializer: the fallback and, with `check`, the reference.
    const zodSerialize = zodSerializerCompiler(
      route as Parameters<typeof zodSerializerCompiler>[0],
    ) as TSerialize;
    const { schema } = route;
    if (!(schema instanceof $ZodType)) {
      return zodSerialize;
    }
    // Compiled when first used: a route's serializer costs a few milliseconds to build,
    // and most routes of a test's app are never called.
    let serialize: TSerialize | undefined;
    return (data) => {
      serialize ??= compiledFor(schema) ?? zodSerialize;
      if (!options.check || serialize === zodSerialize) {
        return serialize(data);
      }
      const expected = zodSerialize(data);
      const text = serialize(data);
      if (!isDeepStrictEqual(JSON.parse(text), JSON.parse(expected))) {
        throw new Error(
          `${route.method} ${route.url}: the compiled serializer wrote ${text} where zod wrote ${expected}`,
        );
      }
      return text;
    };
  };

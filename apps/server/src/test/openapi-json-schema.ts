import { eachSchema } from '../plugins/openapi';

type TSchema = Record<string, unknown>;

/**
 * OpenAPI 3.0's schema dialect as JSON Schema, for Ajv: `nullable` becomes a `null` type
 * (and a `null` member of an enum), and the `example` annotations go.
 */
export const toJsonSchema = <T extends TSchema>(schema: T): T => {
  const copy = structuredClone(schema);
  eachSchema(copy, (node) => {
    if (node.nullable === true && typeof node.type === 'string') {
      node.type = [node.type, 'null'];
      if (Array.isArray(node.enum)) {
        node.enum = [...(node.enum as unknown[]), null];
      }
    }
    delete node.nullable;
    delete node.example;
  });
  return copy;
};

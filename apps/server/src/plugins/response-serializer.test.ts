import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZErrorBody } from './errors';
import { responseSerializerCompiler } from './response-serializer';

const ZDoctor = z.object({ first_name: z.string().nullable(), last_name: z.string() });

const ZAnswer = z.object({
  success: z.literal(true),
  count: z.number().int(),
  name: z.string().nullable(),
  at: z.iso.datetime(),
  doctor: ZDoctor.nullable(),
  view: z.enum(['all', 'shipped']),
  note: z.string().optional(),
  rows: z.array(z.object({ key: z.string() })),
  totals: z.record(z.string(), z.number()),
  result: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('done'), rows: z.number() }),
    z.object({ kind: z.literal('failed'), error: z.string() }),
  ]),
});

const serializerOf = (schema: z.ZodType, check = false) =>
  responseSerializerCompiler({ check })({
    schema,
    method: 'GET',
    url: '/api/test',
    httpStatus: '200',
  });

const answer = {
  success: true,
  count: 3,
  name: null,
  at: '2026-11-22T10:00:00.000Z',
  doctor: { first_name: null, last_name: 'Grey', npi: '123' },
  view: 'all',
  rows: [{ key: 'K1', ssn: '000-00-0000' }],
  totals: { a: 1 },
  result: { kind: 'failed', error: 'Timed out', stack: 'at db.ts:1' },
  password_hash: '$argon2id$...',
};

describe('compiled response serializer', () => {
  it('writes what zod writes: listed properties only, nested and in union branches too', () => {
    const text = serializerOf(ZAnswer)(answer);
    expect(JSON.parse(text)).toEqual(z.encode(ZAnswer, answer as z.output<typeof ZAnswer>));
    // Columns a schema does not list never leave, at any depth.
    expect(text).not.toMatch(/password_hash|npi|ssn|stack/);
  });

  it('writes null and leaves out an optional property as zod does', () => {
    const serialize = serializerOf(ZAnswer);
    const withNote = { ...answer, note: 'n', doctor: null, name: 'Ann' };
    expect(JSON.parse(serialize(withNote))).toMatchObject({ note: 'n', doctor: null, name: 'Ann' });
    expect(JSON.parse(serialize(answer))).not.toHaveProperty('note');
  });

  it('fails an answer that misses a required property', () => {
    const missing: Partial<typeof answer> = { ...answer };
    delete missing.count;
    expect(() => serializerOf(ZAnswer)(missing)).toThrow(/count/);
  });

  it('with check, fails an answer zod refuses even where the compiled one would write it', () => {
    const wrong = { ...answer, view: 'everything', count: 1.5 };
    expect(() => serializerOf(ZAnswer)(wrong)).not.toThrow();
    expect(() => serializerOf(ZAnswer, true)(wrong)).toThrow();
    expect(JSON.parse(serializerOf(ZAnswer, true)(answer))).toMatchObject({ count: 3 });
  });

  it('keeps zod encoding a schema JSON Schema cannot hold', () => {
    const ZWhen = z.object({ at: z.date() });
    expect(() => z.toJSONSchema(ZWhen, { io: 'output' })).toThrow();
    expect(serializerOf(ZWhen, true)({ at: new Date(0), extra: 1 })).toBe(
      '{"at":"1970-01-01T00:00:00.000Z"}',
    );
  });

  it('writes the error body', () => {
    const body = {
      success: false as const,
      error: 'Authentication required',
      code: 'unauthorized',
    };
    expect(JSON.parse(serializerOf(ZErrorBody, true)(body))).toEqual(z.encode(ZErrorBody, body));
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validationMessage } from './errors';

/** The first issue of a failed parse, shaped as fastify-type-provider-zod hands it over. */
const firstIssue = (schema: z.ZodType, value: unknown) => {
  const issue = schema.safeParse(value).error!.issues[0]!;
  const { path, code, message, ...params } = issue;
  return {
    path: `/${path.join('/')}`,
    issue: { keyword: code, message, params: params as Record<string, unknown> },
  };
};

const say = (schema: z.ZodType, value: unknown) => {
  const { path, issue } = firstIssue(schema, value);
  return validationMessage(path, issue);
};

describe('validation errors in words for people', () => {
  it('says a missing field is required and a wrong type what it must be', () => {
    const body = z.object({ group_id: z.string(), count: z.number().int(), on: z.boolean() });
    expect(say(body, {})).toBe('group_id is required');
    expect(say(body, { group_id: 5 })).toBe('group_id must be text');
    expect(say(body, { group_id: 'a', count: 'x' })).toBe('count must be a number');
    expect(say(body, { group_id: 'a', count: 1.5 })).toBe('count must be a whole number');
    expect(say(body, { group_id: 'a', count: 1, on: 'yes' })).toBe('on must be true or false');
    expect(say(body, undefined)).toBe('The request body is required');
  });

  it('words bounds, choices and formats, with nested fields named plainly', () => {
    expect(say(z.object({ name: z.string().min(1) }), { name: '' })).toBe('name must not be empty');
    expect(say(z.object({ name: z.string().max(4) }), { name: 'abcdef' })).toBe(
      'name must be at most 4 characters',
    );
    expect(
      say(z.object({ schedules: z.array(z.object({ interval: z.number().max(1440) })) }), {
        schedules: [{ interval: 5000 }],
      }),
    ).toBe('schedules[0].interval must be at most 1440');
    expect(say(z.object({ ids: z.array(z.string()).min(1) }), { ids: [] })).toBe(
      'ids must be at least 1 item',
    );
    expect(say(z.object({ action: z.enum(['start', 'stop']) }), { action: 'go' })).toBe(
      'action must be one of: start, stop',
    );
    expect(say(z.object({ email: z.email() }), { email: 'no' })).toBe(
      'email must be an email address',
    );
    expect(say(z.object({ a: z.string() }).strict(), { a: 'x', b: 1 })).toBe('Unknown field: b');
  });

  it("keeps a schema's own message, after the field it concerns", () => {
    const body = z.object({ group_id: z.string().min(1, 'Please select a sync group') });
    expect(say(body, { group_id: '' })).toBe('group_id: Please select a sync group');
    expect(say(z.string().min(1, 'Say something'), '')).toBe('Say something');
  });
});

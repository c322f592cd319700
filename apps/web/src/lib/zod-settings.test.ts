import { describe, expect, it } from 'vitest';
import { isZodError } from './query-client';
import { configureZodWithoutEval } from './zod-settings';

describe('zod settings made before zod loads', () => {
  it('are the settings zod reads, so its parses never try eval', async () => {
    configureZodWithoutEval();
    const { config, z } = await import('zod');
    expect(config().jitless).toBe(true);
    // A parse that would compile a fast path with `new Function` when eval is allowed.
    const parsed = z.object({ id: z.number(), name: z.string() }).parse({ id: 1, name: 'a' });
    expect(parsed).toEqual({ id: 1, name: 'a' });
  });

  it('tells zod’s failures by name, without importing zod’s classes', async () => {
    const { z } = await import('zod');
    const failure = z.number().safeParse('one').error;
    expect(failure).toBeDefined();
    expect(isZodError(failure as Error)).toBe(true);
    expect(isZodError(new Error('Failed to load patients'))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { testDialects, useMigratedDatabase } from '../../test/databases';
import { createAuditWriter } from './writer';

const row = (index: number, action: string | null = 'view_patient_list') => ({
  at: 1_000 + index,
  user_id: null,
  action: action as string,
  ip: '127.0.0.1',
  patient_key: `P${index}`,
  detail: JSON.stringify({ index }),
  outcome: 'allowed',
});

describe.each(testDialects())('audit writer on %s', (dialect) => {
  const database = useMigratedDatabase(dialect);

  const rowsFor = async (prefix: number) =>
    (
      await database()
        .db.selectFrom('audit_log')
        .select('patient_key')
        .where('at', '>=', 1_000 + prefix)
        .where('at', '<', 1_000 + prefix + 1_000)
        .orderBy('id')
        .execute()
    ).map((found) => found.patient_key);

  it('writes concurrent rows in few statements, in order, each committed before its promise resolves', async () => {
    const writer = createAuditWriter(() => database().db);
    const written = new Set<number>();
    const seenAtResolve: number[] = [];
    await Promise.all(
      Array.from({ length: 50 }, async (_, index) => {
        await writer.write(row(index));
        written.add(index);
        // The row is readable by the time its own write resolves.
        const found = await database()
          .db.selectFrom('audit_log')
          .select('at')
          .where('at', '=', 1_000 + index)
          .execute();
        seenAtResolve.push(found.length);
      }),
    );
    expect(written.size).toBe(50);
    expect(seenAtResolve.every((count) => count === 1)).toBe(true);
    expect(await rowsFor(0)).toEqual(Array.from({ length: 50 }, (_, index) => `P${index}`));
    expect(writer.stats.rows).toBe(50);
    expect(writer.stats.statements).toBeLessThan(5);
  });

  it('fails only the request whose row cannot be written, and writes the others', async () => {
    const writer = createAuditWriter(() => database().db);
    const results = await Promise.allSettled([
      writer.write(row(2_000)),
      writer.write(row(2_001, null)),
      writer.write(row(2_002)),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await rowsFor(2_000)).toEqual(['P2000', 'P2002']);
  });

  it('keeps writing after a failure, and idle() waits for queued rows', async () => {
    const writer = createAuditWriter(() => database().db);
    await expect(writer.write(row(4_000, null))).rejects.toThrow();
    const pending = [writer.write(row(4_001)), writer.write(row(4_002))];
    await writer.idle();
    expect(await rowsFor(4_000)).toEqual(['P4001', 'P4002']);
    await Promise.all(pending);
  });
});

import { describe, expect, it } from 'vitest';
import { MAPPING_MESSAGES, validateMapping, ZMapping } from '@portal/domain/sync-mapping';
import { duckdbDialect } from './compile';
import { DEFAULT_MAPPINGS, wholeTableMapping } from './default-groups';
import { changedRowsSql, cursorWindow, maxCursorSql, touchedKeysSql } from './incremental-sql';

const orders = DEFAULT_MAPPINGS.orders!;

describe('incremental mappings', () => {
  it('accepts an upserting dataframe mapping with a cursor, and leaves others as they were', () => {
    expect(validateMapping(orders)).toMatchObject({ ok: true });
    const plain = validateMapping(wholeTableMapping(DEFAULT_MAPPINGS.orders!));
    expect(plain.ok && plain.mapping.incremental).toBe(undefined);
  });

  it.each([
    [{ ...orders, use_upsert: false }, MAPPING_MESSAGES.incrementalNeedsUpsert],
    [{ ...orders, truncate_first: true }, MAPPING_MESSAGES.incrementalNeedsUpsert],
    [
      { ...orders, type: 'sql_query', query: 'SELECT 1 AS order_id', operations: undefined },
      MAPPING_MESSAGES.incrementalNeedsDataframe,
    ],
    [
      {
        ...orders,
        operations: [...orders.operations!, { type: 'filter', condition: 'TRUE' }],
      },
      MAPPING_MESSAGES.incrementalNeedsDataframe,
    ],
  ])('refuses a mapping that cannot run incrementally (%#)', (mapping, message) => {
    expect(validateMapping(mapping)).toEqual({ ok: false, errors: [message] });
  });

  it('refuses a cursor that is not a column name', () => {
    const result = validateMapping({ ...orders, incremental: { cursor_column: 'now()' } });
    expect(result.ok).toBe(false);
  });

  it('compiles the window over every cursor column, bounded on both sides', () => {
    const mapping = ZMapping.parse(orders);
    const window = cursorWindow(mapping, duckdbDialect, "2025-07-01 08:00:00'", '2025-07-02');
    expect(window).toEqual([
      `"SO"."LASTMODIFIED" > CAST('2025-07-01 08:00:00''' AS TIMESTAMP) AND "SO"."LASTMODIFIED" <= CAST('2025-07-02' AS TIMESTAMP)`,
      `"SC"."LASTMODIFIED" > CAST('2025-07-01 08:00:00''' AS TIMESTAMP) AND "SC"."LASTMODIFIED" <= CAST('2025-07-02' AS TIMESTAMP)`,
    ]);
    // Touched keys: one branch per cursor, joins made LEFT and unfiltered, the mapping's
    // filters dropped, and only the joins the branch's cursor reads through kept.
    const keys = touchedKeysSql(mapping, duckdbDialect, window);
    const base = 'SELECT "SO"."SALESORDERKEY" AS "order_id" FROM "SALESORDERS" AS "SO"';
    const joined = `${base} LEFT JOIN "SOCLASSIFICATIONS" AS "SC" ON "SO"."SOCLASSIFICATIONKEY" = "SC"."SOCLASSIFICATIONKEY"`;
    expect(keys).toBe(
      `SELECT DISTINCT * FROM (${base} WHERE (${window[0]}) UNION ALL ${joined} WHERE (${window[1]})) AS "_keys"`,
    );
    expect(keys).not.toContain('ISLATEST');
    // Changed rows: the mapping's own query over the touched keys' base rows only.
    const changed = changedRowsSql(mapping, duckdbDialect, window);
    expect(changed).toContain('SO.ISLATEST = TRUE');
    expect(changed).toContain(
      `FROM (SELECT * FROM "SALESORDERS" AS "_base" WHERE "_base"."SALESORDERKEY" IN (SELECT "order_id" FROM (${keys}) AS "_t")) AS "SO" LEFT JOIN "SOCLASSIFICATIONS"`,
    );
    // The greatest stamps: per cursor, among the joined rows, its own table filtered first.
    const max = maxCursorSql(mapping, duckdbDialect, '2025-07-01');
    const after = cursorWindow(mapping, duckdbDialect, '2025-07-01', null);
    const from =
      'FROM "SALESORDERS" AS "SO" LEFT JOIN "SOCLASSIFICATIONS" AS "SC" ON "SO"."SOCLASSIFICATIONKEY" = "SC"."SOCLASSIFICATIONKEY"';
    expect(max).toBe(
      `SELECT (SELECT CAST(MAX("_c") AS VARCHAR) FROM (SELECT "SO"."LASTMODIFIED" AS "_c" FROM "SALESORDERS" AS "SO" WHERE (${after[0]})) AS "_cursor") AS "M0", ` +
        `(SELECT CAST(MAX("_c") AS VARCHAR) FROM (SELECT "SC"."LASTMODIFIED" AS "_c" ${from} WHERE (${after[1]})) AS "_cursor") AS "M1"`,
    );
  });

  it('reads each cursor through its own joins, and through all of them when it cannot tell', () => {
    const patients = ZMapping.parse(DEFAULT_MAPPINGS.patients!);
    const window = cursorWindow(patients, duckdbDialect, '2025-07-01', null);
    const branches = touchedKeysSql(patients, duckdbDialect, window)
      .replace(/^SELECT DISTINCT \* FROM \(/, '')
      .split(' UNION ALL ');
    const joinsOf = (branch: string) =>
      [...branch.matchAll(/LEFT JOIN "\w+" AS "(\w+)"/g)].map((m) => m[1]);
    // P, PE, BA, BS, DA, DS, PP: the billing state is reached through the billing address.
    expect(branches.map(joinsOf)).toEqual([
      [],
      ['PE'],
      ['BA'],
      ['BA', 'BS'],
      ['DA'],
      ['DA', 'DS'],
      ['PP'],
    ]);

    // A cursor whose alias no join brings in: every join is kept, as before.
    const unplaced = ZMapping.parse({
      ...DEFAULT_MAPPINGS.patients!,
      incremental: { cursor_column: ['P.LASTMODIFIED', 'LASTMODIFIED'] },
    });
    const kept = touchedKeysSql(
      unplaced,
      duckdbDialect,
      cursorWindow(unplaced, duckdbDialect, '2025-07-01', null),
    ).split(' UNION ALL ');
    expect(joinsOf(kept[0]!)).toEqual([]);
    expect(joinsOf(kept[1]!)).toEqual(['PE', 'BA', 'BS', 'DA', 'DS', 'PP']);
  });

  it("filters the joined rows by the touched keys when a key is not the base table's", () => {
    const mapping = ZMapping.parse({
      ...orders,
      operations: orders.operations!.map((operation) =>
        operation.type === 'select'
          ? {
              ...operation,
              columns: operation.columns.map((column) =>
                column.target === 'order_id'
                  ? { ...column, source: 'SC.SOCLASSIFICATIONKEY' }
                  : column,
              ),
            }
          : operation,
      ),
    });
    const window = cursorWindow(mapping, duckdbDialect, '2025-07-01', null);
    const changed = changedRowsSql(mapping, duckdbDialect, window);
    expect(changed).toContain(
      `EXISTS (SELECT 1 FROM (${touchedKeysSql(mapping, duckdbDialect, window)}) AS "_t" WHERE "_t"."order_id" = "SC"."SOCLASSIFICATIONKEY")`,
    );
    expect(changed).not.toContain('"_base"');
  });
});

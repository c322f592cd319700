import { describe, expect, it } from 'vitest';
import { MAPPING_MESSAGES, validateMapping, ZMapping } from '@portal/domain/sync-mapping';
import { duckdbDialect } from './compile';
import { DEFAULT_MAPPINGS, wholeTableMapping } from './default-groups';
import { changedRowsSql, cursorWindow, maxCursorSql, touchedKeysSql } from './incremental';

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
    expect(window).toBe(
      `("SO"."LASTMODIFIED" > CAST('2025-07-01 08:00:00''' AS TIMESTAMP) AND "SO"."LASTMODIFIED" <= CAST('2025-07-02' AS TIMESTAMP)) OR ` +
        `("SC"."LASTMODIFIED" > CAST('2025-07-01 08:00:00''' AS TIMESTAMP) AND "SC"."LASTMODIFIED" <= CAST('2025-07-02' AS TIMESTAMP))`,
    );
    // Touched keys: joins made LEFT and unfiltered, the mapping's filters dropped.
    const keys = touchedKeysSql(mapping, duckdbDialect, window);
    expect(keys).toContain(
      'LEFT JOIN "SOCLASSIFICATIONS" AS "SC" ON "SO"."SOCLASSIFICATIONKEY" = "SC"."SOCLASSIFICATIONKEY" WHERE',
    );
    expect(keys).not.toContain('ISLATEST');
    expect(keys).toContain('"SO"."SALESORDERKEY" AS "order_id"');
    // Changed rows: the mapping's own query, restricted to the touched keys.
    const changed = changedRowsSql(mapping, duckdbDialect, window);
    expect(changed).toContain('SO.ISLATEST = TRUE');
    expect(changed).toContain(
      `EXISTS (SELECT 1 FROM (${keys}) AS "_t" WHERE "_t"."order_id" = "SO"."SALESORDERKEY")`,
    );
    expect(maxCursorSql(mapping, duckdbDialect, null)).toMatch(
      /^SELECT CAST\(MAX\("_c0"\) AS VARCHAR\) AS "M0", CAST\(MAX\("_c1"\) AS VARCHAR\) AS "M1" FROM \(SELECT "SO"."LASTMODIFIED" AS "_c0", "SC"."LASTMODIFIED" AS "_c1" FROM /,
    );
  });
});

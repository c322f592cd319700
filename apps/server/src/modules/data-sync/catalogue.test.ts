import { beforeAll, describe, expect, it } from 'vitest';
import {
  PREVIEW_ROW_LIMIT,
  type TCatalogueResponse,
  type TPreviewResponse,
} from '@portal/domain/data-sync-catalogue-api';
import { SYNC_DESTINATION_TABLES, destinationRefused } from '@portal/domain/sync-destinations';
import { MAPPING_MESSAGES, ZMapping } from '@portal/domain/sync-mapping';
import { compileMapping, duckdbDialect } from '../../sync/compile';
import { DEFAULT_MAPPINGS } from '../../sync/default-groups';
import { openWarehouse } from '../../sync/warehouse/index';
import { testDialects } from '../../test/databases';
import { useTestPortal } from '../../test/test-portal';
import { useTestWarehouse } from '../../test/warehouse';
import { signInAs, type TAsUser } from './test-support';

const warehouseFile = useTestWarehouse({ patients: 30 });

/** Every row a compiled query returns, read straight from the warehouse. */
const fullCount = async (query: string) => {
  const warehouse = await openWarehouse(warehouseFile());
  try {
    return await warehouse.count(query);
  } finally {
    await warehouse.close();
  }
};

describe.each(testDialects())('group editor catalogue and preview [%s]', (dialect) => {
  const portal = useTestPortal(dialect, {
    get WAREHOUSE_URL() {
      return warehouseFile();
    },
    SCHEDULER_TICK_MS: '0',
  });
  let admin: TAsUser;
  beforeAll(async () => {
    admin = await signInAs(portal().app, 'admin');
  });
  const preview = (mapping: unknown, as: TAsUser = admin) =>
    as({ method: 'POST', url: '/api/data-sync/table-sample', payload: { mapping } });
  const previewOk = async (mapping: unknown) => {
    const response = await preview(mapping);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json<TPreviewResponse>();
  };
  const previewError = async (mapping: unknown) => {
    const response = await preview(mapping);
    expect(response.statusCode, response.body).toBe(400);
    return response.json<{ error: string }>().error;
  };

  it("lists the warehouse's ERP tables with their columns, and every destination with its key", async () => {
    const response = await admin({ method: 'GET', url: '/api/data-sync/tables' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const catalogue = response.json<TCatalogueResponse>();
    expect(catalogue.warehouse).toBe('duckdb');
    const names = catalogue.tables.map((table) => table.name);
    expect(names).toEqual(
      expect.arrayContaining(['PATIENTS', 'PAYORS', 'SALESORDERS', 'SALESORDERITEMS']),
    );
    expect(names).toEqual([...names].sort());
    expect(catalogue.tables.every((table) => table.schema === 'main')).toBe(true);
    const payors = catalogue.tables.find((table) => table.name === 'PAYORS')!;
    expect(payors.path).toBe('PAYORS');
    expect(payors.columns.map((column) => column.name)).toEqual([
      'PAYORKEY',
      'COMPANYKEY',
      'PAYORTYPE',
      'PAYORID',
      'ISLATEST',
      'ISDELETED',
      'LASTMODIFIED',
    ]);
    expect(payors.columns[2]).toEqual({ name: 'PAYORTYPE', type: 'VARCHAR', nullable: true });
    expect(payors.columns[4]!.type).toBe('BOOLEAN');

    expect(catalogue.destinations.map((table) => table.name)).toEqual([...SYNC_DESTINATION_TABLES]);
    for (const destination of catalogue.destinations) {
      expect(destination.columns.length, destination.name).toBeGreaterThan(1);
      expect(
        destination.columns.filter((column) => column.key),
        destination.name,
      ).toHaveLength(1);
    }
    const portalPayors = catalogue.destinations.find((table) => table.name === 'payors')!;
    expect(portalPayors.columns[0]).toMatchObject({
      name: 'payor_key',
      key: true,
      nullable: false,
    });
    expect(portalPayors.columns.map((column) => column.name)).toEqual(
      expect.arrayContaining(['company_key', 'company_name', 'payor_type']),
    );
    expect(portalPayors.columns.find((column) => column.name === 'company_name')).toMatchObject({
      key: false,
      nullable: true,
    });
    expect(portalPayors.columns.find((column) => column.name === 'company_name')!.type).toMatch(
      /char/i,
    );
  });

  it('previews a dataframe mapping: its SQL, its full count and its first rows', async () => {
    const mapping = ZMapping.parse(DEFAULT_MAPPINGS.orders);
    const result = await previewOk(mapping);
    const compiled = compileMapping(mapping, duckdbDialect);
    expect(result.sql).toBe(compiled);
    expect(result.count).toBe(await fullCount(compiled));
    expect(result.count).toBeGreaterThan(PREVIEW_ROW_LIMIT);
    expect(result.rows).toHaveLength(PREVIEW_ROW_LIMIT);
    expect(result.columns).toContain('order_id');
    expect(result.rows.every((row) => row.length === result.columns.length)).toBe(true);
    expect(result.unknown_columns).toEqual([]);
    const trail = await portal()
      .database.db.selectFrom('audit_log')
      .select(['detail', 'outcome'])
      .where('action', '=', 'sync_preview')
      .execute();
    expect(trail.at(-1)!.outcome).toBe('allowed');
    const detail = JSON.parse(trail.at(-1)!.detail!) as Record<string, unknown>;
    expect(detail.mysql_table).toBe('orders');
    expect(detail.tables).toEqual(expect.arrayContaining(['SALESORDERS']));
    expect(JSON.stringify(detail)).not.toContain(String(result.rows[0]![0]));
  });

  it('previews a raw query with JSON-safe values and the columns its destination lacks', async () => {
    const result = await previewOk({
      mysql_table: 'payors',
      type: 'raw_query',
      query: `SELECT PAYORKEY AS payor_key, PAYORTYPE AS Payor_Type, DATE '2025-01-02' AS seen_on,
        ISLATEST AS flag, 12345678901::BIGINT AS big FROM PAYORS ORDER BY PAYORKEY;`,
    });
    expect(result.sql).not.toMatch(/;\s*$/);
    expect(result.columns).toEqual(['payor_key', 'Payor_Type', 'seen_on', 'flag', 'big']);
    expect(result.unknown_columns).toEqual(['seen_on', 'flag', 'big']);
    expect(result.count).toBeGreaterThan(0);
    expect(result.rows.length).toBe(Math.min(result.count, PREVIEW_ROW_LIMIT));
    expect(result.rows[0]).toEqual([7001, expect.any(String), '2025-01-02', 1, 12345678901]);
  });

  it.each([
    [
      { mysql_table: 'payors', type: 'snowpark_dataframe', operations: [] },
      MAPPING_MESSAGES.operationsEmpty,
    ],
    [{ mysql_table: 'payors', type: 'raw_query', query: ' ' }, MAPPING_MESSAGES.queryRequired],
    [{ type: 'raw_query', query: 'SELECT 1' }, MAPPING_MESSAGES.tableRequired],
    [
      { mysql_table: 'users', type: 'raw_query', query: 'SELECT 1 AS id' },
      destinationRefused('users'),
    ],
  ])('refuses an invalid mapping %j with the spec message', async (mapping, message) => {
    expect(await previewError(mapping)).toBe(message);
  });

  it("answers a mapping the warehouse refuses with 400 and the warehouse's words", async () => {
    const badColumn = await previewError({
      mysql_table: 'payors',
      type: 'snowpark_dataframe',
      operations: [
        { type: 'base_table', table: 'PAYORS', alias: 'PY' },
        { type: 'select', columns: [{ source: 'PY.NO_SUCH_COLUMN', target: 'payor_key' }] },
      ],
    });
    expect(badColumn).toMatch(/^Binder Error: .*NO_SUCH_COLUMN/);
    expect(badColumn).not.toContain('LINE 1');
    expect(
      await previewError({ mysql_table: 'payors', type: 'raw_query', query: 'SELECT FROM WHERE' }),
    ).toMatch(/^Parser Error: syntax error/);
    expect(
      await previewError({ mysql_table: 'payors', type: 'raw_query', query: 'SELECT 1; SELECT 2' }),
    ).toBe(MAPPING_MESSAGES.oneStatement);
    expect(
      await previewError({
        mysql_table: 'payors',
        type: 'snowpark_dataframe',
        operations: [
          { type: 'base_table', table: 'PAYORS', alias: 'PY' },
          { type: 'select', columns: [{ source: 'PY.payorkey', target: 'payor_key' }] },
        ],
      }),
    ).toBe(`SQL compilation error: invalid identifier '"PY"."payorkey"'`);
    expect(
      await previewError({ mysql_table: 'payors', type: 'raw_query', query: 'SELECT * FROM NOPE' }),
    ).toMatch(/^Catalog Error: Table with name NOPE does not exist/);
  });

  it('refuses a case manager, and audits the refusal', async () => {
    const manager = await signInAs(portal().app, 'case_manager');
    const catalogue = await manager({ method: 'GET', url: '/api/data-sync/tables' });
    expect(catalogue.statusCode).toBe(403);
    const response = await preview(DEFAULT_MAPPINGS.payors, manager);
    expect(response.statusCode).toBe(403);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).not.toContain('PAYORKEY');
    const denied = await portal()
      .database.db.selectFrom('audit_log')
      .select(['outcome', 'detail'])
      .where('action', '=', 'sync_preview')
      .where('outcome', '=', 'denied')
      .execute();
    expect(denied).toHaveLength(1);
    expect(JSON.parse(denied[0]!.detail!)).toMatchObject({ status: 403 });
  });

  it('creates a group only under a free id: an existing one answers 409 and is left as it was', async () => {
    const save = (name: string, create: boolean, id = 'made_here') =>
      admin({
        method: 'POST',
        url: '/api/data-sync/sync-groups',
        payload: { group: { id, name, mappings: [DEFAULT_MAPPINGS.payors] }, create },
      });
    expect((await save('First', true)).statusCode).toBe(200);
    const again = await save('Second', true);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: string }>().error).toBe(
      'A sync group with id "made_here" already exists',
    );
    const overDefault = await save('Payors again', true, 'payors');
    expect(overDefault.statusCode).toBe(409);
    const groups = (await admin({ method: 'GET', url: '/api/data-sync/sync-groups' })).json<{
      groups: { id: string; name: string }[];
    }>().groups;
    expect(groups.find((group) => group.id === 'made_here')!.name).toBe('First');
    expect(groups.find((group) => group.id === 'payors')!.name).not.toBe('Payors again');
    // Without create, the same call still edits the group.
    expect((await save('Edited', false)).statusCode).toBe(200);
  });
});

describe('a preview past the warehouse time limit', () => {
  // The limit belongs to the warehouse, not the portal database: one dialect shows it.
  const portal = useTestPortal('sqlite', {
    get WAREHOUSE_URL() {
      return warehouseFile();
    },
    SCHEDULER_TICK_MS: '0',
    WAREHOUSE_STATEMENT_TIMEOUT_MS: '1000',
  });

  it('is stopped and answered 400 with what to do', async () => {
    const admin = await signInAs(portal().app, 'admin');
    const response = await admin({
      method: 'POST',
      url: '/api/data-sync/table-sample',
      payload: {
        mapping: {
          mysql_table: 'payors',
          type: 'raw_query',
          query:
            'SELECT SUM(a.range * b.range) AS payor_key FROM range(100000000) AS a CROSS JOIN range(100000000) AS b',
        },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toBe(
      'The warehouse query ran longer than the time limit of 1 s and was stopped. Narrow the query, or ask an administrator to raise the warehouse time limit.',
    );
  });
});

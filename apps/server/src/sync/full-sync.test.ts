import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FULL_SYNC_GROUP_ID } from '@portal/domain/sync-job';
import { testDialects } from '../test/databases';
import { compileMapping } from './compile';
import { DEFAULT_MAPPINGS, DEFAULT_TABLE_ORDER } from './default-groups';
import { childJobs, getJob, getJobLogs } from './jobs';
import { runGroupJob } from './runner';
import { useSyncTestBed, useTestWarehouse } from './test-context';
import { ZMapping } from '@portal/domain/sync-mapping';
import { coerceBatch } from './batch';

const warehouseFile = useTestWarehouse();

const sortRows = (rows: unknown[][]) => rows.map((row) => JSON.stringify(row)).sort();

describe.each(testDialects())('default full sync [%s]', (dialect) => {
  const bed = useSyncTestBed(dialect, warehouseFile);

  it('runs every default mapping in order and completes the group job', async () => {
    const { context, database } = bed();
    const summary = await runGroupJob(context, DEFAULT_FULL_SYNC_GROUP_ID);
    expect(summary.error).toBeUndefined();
    expect(summary.status).toBe('completed');
    expect(summary.children?.map((child) => child.mysqlTable)).toEqual([...DEFAULT_TABLE_ORDER]);

    const job = await getJob(database.db, summary.id);
    expect(job).toMatchObject({ type: 'group', status: 'completed', progress: 100 });
    expect(job!.end_time).toBeGreaterThanOrEqual(job!.start_time);
    const children = await childJobs(database.db, summary.id);
    expect(children).toHaveLength(DEFAULT_TABLE_ORDER.length);
    for (const child of children) {
      expect(child).toMatchObject({ status: 'completed', progress: 100, error_message: null });
      expect(child.source_count).toBe(child.destination_count);
      expect(child.source_checksum).toBe(child.destination_checksum);
      expect(child.rows_inserted).toBe(child.source_count);
    }
    const logs = await getJobLogs(database.db, children[0]!.id);
    expect(logs.map((log) => log.level)).toContain('info');
    expect(logs.some((log) => log.message.startsWith('Loaded '))).toBe(true);
  });

  it.each(DEFAULT_TABLE_ORDER.map((table) => [table]))(
    'leaves %s holding exactly what the warehouse query returns',
    async (table) => {
      const { warehouse, database, loader } = bed();
      const mapping = ZMapping.parse(DEFAULT_MAPPINGS[table]);
      const query = compileMapping(mapping, warehouse.dialect);
      const result = await warehouse.query(query);
      const columns = await loader.describe(table);
      const byName = new Map(columns.map((column) => [column.name, column]));
      const expected: unknown[][] = [];
      for await (const batch of result.batches) {
        coerceBatch(
          batch,
          result.columns.map((name) => byName.get(name.toLowerCase())!.kind),
        );
        for (let row = 0; row < batch.rowCount; row += 1) {
          expected.push(batch.columns.map((column) => column[row]));
        }
      }
      const names = result.columns.map((name) => name.toLowerCase());
      const actual = await sql<
        Record<string, unknown>
      >`select ${sql.join(names.map((name) => sql.ref(name)))} from ${sql.table(table)}`.execute(
        database.db,
      );
      expect(expected.length).toBeGreaterThan(0);
      expect(sortRows(actual.rows.map((row) => names.map((name) => row[name])))).toEqual(
        sortRows(expected),
      );
    },
  );

  it('keeps only latest, not-deleted rows and fills the flat address fields', async () => {
    const { warehouse, database } = bed();
    const latest = await warehouse.count(
      'SELECT * FROM PATIENTS WHERE ISLATEST = TRUE AND ISDELETED = FALSE',
    );
    const all = await warehouse.count('SELECT * FROM PATIENTS');
    expect(all).toBeGreaterThan(latest);
    const patients = await database.db.selectFrom('patients').selectAll().execute();
    expect(patients).toHaveLength(latest);
    expect(new Set(patients.map((patient) => patient.patient_key)).size).toBe(latest);
    const sample = patients.find((patient) => patient.b_street !== null)!;
    expect(sample.b_state).toMatch(/^[A-Z]{2}$/);
    expect(sample.dob).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(typeof sample.created_at).toBe('number');
    expect(patients.every((patient) => patient.payor_key !== null)).toBe(true);
    const orders = await database.db
      .selectFrom('orders')
      .select(['date_created', 'delivery_date'])
      .execute();
    expect(orders.every((order) => typeof order.date_created === 'number')).toBe(true);
    expect(orders.some((order) => /^\d{4}-\d{2}-\d{2}$/.test(order.delivery_date ?? ''))).toBe(
      true,
    );
  });
});

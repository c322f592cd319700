import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDialects, useMigratedDatabase } from '../test/databases';
import { insertPatients } from '../test/erp-fixtures';
import { PREPARED_SQL_MARK, preparedQuery } from './prepared';
import type { Database } from './schema';

describe.each(testDialects())('prepared queries [%s]', (dialect) => {
  const database = useMigratedDatabase(dialect, async (db) => {
    await insertPatients(db, [
      { patient_key: 'A', last_name: 'Adams', payor_key: 'P1' },
      { patient_key: 'B', last_name: 'Brown', payor_key: 'P1' },
      { patient_key: 'C', last_name: 'Clark', payor_key: 'P2' },
    ]);
  });

  type TParams = { payorKey: string; keys: string[] };
  const build = (db: Kysely<Database>, descending: boolean, params: TParams) =>
    db
      .selectFrom('patients')
      .select(['patient_key', 'last_name'])
      .where('payor_key', '=', params.payorKey)
      .where('patient_key', 'in', params.keys)
      // A value of build's own stays as it is.
      .where('patient_key', '<>', 'nobody')
      .orderBy('patient_key', descending ? 'desc' : 'asc');
  const byKey = preparedQuery((descending: boolean) => String(descending), build);

  it('sends what a fresh build would, for every set of values of one shape', async () => {
    const runs: [boolean, TParams][] = [
      [false, { payorKey: 'P1', keys: ['A', 'B'] }],
      [false, { payorKey: 'P2', keys: ['C', 'A'] }],
      [true, { payorKey: 'P1', keys: ['A', 'B'] }],
      [true, { payorKey: 'P1', keys: ['B'] }],
    ];
    for (const [descending, params] of runs) {
      const fresh = build(database().db, descending, params).compile();
      const prepared = byKey.compile(database().db, descending, params);
      expect(prepared.sql).toBe(`${PREPARED_SQL_MARK}${fresh.sql}`);
      expect(prepared.parameters).toEqual(fresh.parameters);
    }
    const rows = await byKey.execute(database().db, true, {
      payorKey: 'P1',
      keys: ['A', 'B', 'C'],
    });
    expect(rows.map((row) => row.patient_key)).toEqual(['B', 'A']);
    const other = await byKey.execute(database().db, true, {
      payorKey: 'P2',
      keys: ['A', 'B', 'C'],
    });
    expect(other.map((row) => row.patient_key)).toEqual(['C']);
  });

  it('answers rows as arrays of their values in the order selected', async () => {
    const params = { payorKey: 'P1', keys: ['A', 'B'] };
    const values = await byKey.executeValues(database().db, false, params);
    expect(values).toEqual([
      ['A', 'Adams'],
      ['B', 'Brown'],
    ]);
    // The statement is shared; objects again right after.
    const rows = await byKey.execute(database().db, false, params);
    expect(rows).toEqual([
      { patient_key: 'A', last_name: 'Adams' },
      { patient_key: 'B', last_name: 'Brown' },
    ]);
  });

  it('never reads what an open transaction has not committed', async () => {
    const { db } = database();
    const params = { payorKey: 'P3', keys: ['D'] };
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted = () => {};
    const written = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const transaction = db
      .transaction()
      .execute(async (trx) => {
        await insertPatients(trx, [{ patient_key: 'D', last_name: 'Doe', payor_key: 'P3' }]);
        inserted();
        await held;
        throw new Error('rolled back');
      })
      .catch(() => 'rolled back');
    await written;
    // On SQLite's one connection the read must wait for the transaction, not run inside it.
    const reading = Promise.all([
      byKey.execute(db, false, params),
      byKey.executeValues(db, false, params),
    ]);
    release();
    expect(await transaction).toBe('rolled back');
    expect(await reading).toEqual([[], []]);
  });

  it('reuses one SQL string per shape', () => {
    const first = byKey.compile(database().db, false, { payorKey: 'P1', keys: ['A'] });
    const second = byKey.compile(database().db, false, { payorKey: 'P9', keys: ['Z'] });
    expect(second.sql).toBe(first.sql);
    expect(byKey.compile(database().db, false, { payorKey: 'P1', keys: ['A', 'B'] }).sql).not.toBe(
      first.sql,
    );
  });

  // PostgreSQL would otherwise parse and plan the statement on every run.
  if (dialect === 'postgres') {
    it('runs as a statement PostgreSQL keeps prepared on the connection', async () => {
      const params = { payorKey: 'P1', keys: ['A', 'B', 'C', 'D'] };
      const { sql: text } = byKey.compile(database().db, false, params);
      const prepared = await database()
        .db.connection()
        .execute(async (connection) => {
          await byKey.execute(connection, false, params);
          await byKey.execute(connection, false, { payorKey: 'P2', keys: ['C', 'B', 'A', 'D'] });
          const { rows } = await sql<{
            statement: string;
          }>`select statement from pg_prepared_statements`.execute(connection);
          return rows.map((row) => row.statement);
        });
      expect(prepared.filter((statement) => statement === text)).toHaveLength(1);
    });
  }

  // MariaDB would otherwise parse the statement's text, values written in, on every run.
  if (dialect === 'mysql') {
    it('runs as a statement MariaDB keeps prepared on the connection', async () => {
      const counters = async (connection: Kysely<Database>) => {
        const { rows } = await sql<{
          Variable_name: string;
          Value: string;
        }>`show session status where Variable_name in ('Com_stmt_prepare', 'Com_stmt_execute')`.execute(
          connection,
        );
        return Object.fromEntries(rows.map((row) => [row.Variable_name, Number(row.Value)]));
      };
      const { before, after, rows } = await database()
        .db.connection()
        .execute(async (connection) => {
          const start = await counters(connection);
          // A shape (five keys) no other test runs: the pool may hand this test a
          // connection where another test's shape is already prepared.
          await byKey.execute(connection, false, {
            payorKey: 'P1',
            keys: ['A', 'B', 'X', 'Y', 'Z'],
          });
          const second = await byKey.execute(connection, false, {
            payorKey: 'P2',
            keys: ['C', 'D', 'E', 'F', 'G'],
          });
          return { before: start, after: await counters(connection), rows: second };
        });
      expect(rows).toEqual([{ patient_key: 'C', last_name: 'Clark' }]);
      // Prepared once, executed twice; a query sent as text counts neither.
      expect((after.Com_stmt_prepare ?? 0) - (before.Com_stmt_prepare ?? 0)).toBe(1);
      expect((after.Com_stmt_execute ?? 0) - (before.Com_stmt_execute ?? 0)).toBe(2);
    });
  }

  it('refuses a build that computes with a parameter instead of binding it', () => {
    const computing = preparedQuery(
      () => 'computing',
      (db, _shape: null, params: { name: string }) =>
        db.selectFrom('patients').selectAll().where('last_name', '=', `${params.name}%`),
    );
    expect(() => computing.compile(database().db, null, { name: 'Ad' })).toThrow(
      /parameter name was computed with/,
    );
  });
});

import { expect } from 'vitest';
import {
  CONTACT_INTAKE_PHRASES,
  PENDING_DOCUMENT_STATUSES,
  statusGroupOf,
} from '@portal/domain/order-status';
import { CURSOR_COLUMN, ERP_TABLES, ERP_TABLE_KEYS } from './tables';

/**
 * What every warehouse the tools write must hold, freshly generated or mutated.
 * Shared by generate.test.ts and mutate.test.ts; each check reads database `db`
 * (an attached DuckDB file) through `rows`.
 */
export type TRows = (sql: string) => Promise<Record<string, unknown>[]>;
export type TInvariantContext = { rows: TRows; db: string; patients: number };

const value = async (rows: TRows, sql: string) => Object.values((await rows(sql))[0]!)[0];

export const WAREHOUSE_INVARIANTS: [string, (context: TInvariantContext) => Promise<void>][] = [
  [
    'upper-case ERP tables, each with latest and deleted flags and a modification time',
    async ({ rows, db }) => {
      const columns = await rows(`
        SELECT table_name,
          count(*) FILTER (WHERE column_name IN ('ISLATEST', 'ISDELETED')) AS flags,
          count(*) FILTER (WHERE column_name = '${CURSOR_COLUMN}' AND data_type = 'TIMESTAMP') AS cursor
        FROM duckdb_columns() WHERE database_name = '${db}' GROUP BY 1 ORDER BY 1`);
      expect(columns.map((row) => row.table_name)).toEqual([...ERP_TABLES].sort());
      expect(columns.every((row) => Number(row.flags) === 2 && Number(row.cursor) === 1)).toBe(
        true,
      );
      for (const table of ERP_TABLES) {
        expect(
          Number(
            await value(rows, `SELECT count(*) FROM ${db}.${table} WHERE ${CURSOR_COLUMN} IS NULL`),
          ),
          table,
        ).toBe(0);
      }
    },
  ],
  [
    'one latest version per key, with superseded and deleted rows that matter',
    async ({ rows, db, patients }) => {
      for (const [table, key] of Object.entries(ERP_TABLE_KEYS)) {
        const twice = await value(
          rows,
          `SELECT count(*) FROM (SELECT ${key} FROM ${db}.${table} WHERE ISLATEST GROUP BY 1 HAVING count(*) > 1)`,
        );
        expect(Number(twice), table).toBe(0);
      }
      for (const table of ['PATIENTS', 'SALESORDERS', 'PATIENTPAYORS', 'PERSONS']) {
        expect(
          Number(await value(rows, `SELECT count(*) FROM ${db}.${table} WHERE NOT ISLATEST`)),
        ).toBeGreaterThan(0);
      }
      expect(
        Number(
          await value(rows, `SELECT count(*) FROM ${db}.PATIENTS WHERE ISLATEST AND ISDELETED`),
        ),
      ).toBeGreaterThan(0);
      expect(
        Number(await value(rows, `SELECT count(DISTINCT PATIENTKEY) FROM ${db}.PATIENTS`)),
      ).toBe(patients);
    },
  ],
  [
    'modification times after creation',
    async ({ rows, db }) => {
      const early = await rows(`SELECT
        (SELECT count(*) FROM ${db}.PATIENTS WHERE ${CURSOR_COLUMN} < CREATEDDATE) AS patients,
        (SELECT count(*) FROM ${db}.SALESORDERS WHERE ${CURSOR_COLUMN} < DATECREATED) AS orders,
        (SELECT count(*) FROM ${db}.DOCUMENTS WHERE ${CURSOR_COLUMN} < CREATEDDATE) AS documents,
        (SELECT count(*) FROM ${db}.SALESORDERSTATUSHISTORY
          WHERE ${CURSOR_COLUMN} < ENTEREDAT OR ${CURSOR_COLUMN} < EXITEDAT) AS history`);
      expect(early[0]).toEqual({ patients: 0n, orders: 0n, documents: 0n, history: 0n });
    },
  ],
  [
    'statuses from every group, with tracking numbers, carriers and intake phrases',
    async ({ rows, db }) => {
      const statuses = (await rows(`SELECT DISTINCT STATUS FROM ${db}.SALESORDERS`)).map((row) =>
        String(row.STATUS),
      );
      const groups = new Set(statuses.map(statusGroupOf));
      expect(groups).toEqual(new Set(['shipped', 'pending_documents', 'in_progress', undefined]));
      expect(statuses.some((status) => status.startsWith('RCM - '))).toBe(true);
      expect(statuses.some((status) => status.startsWith('SOS - '))).toBe(true);
      expect(statuses).toEqual(expect.arrayContaining([...PENDING_DOCUMENT_STATUSES]));
      const carriers = (
        await rows(`SELECT DISTINCT CARRIER FROM ${db}.SALESORDERS WHERE CARRIER IS NOT NULL`)
      ).map((row) => row.CARRIER);
      expect(carriers).toEqual(
        expect.arrayContaining(['UPS', 'USPS', 'FedEx', 'DHL', 'AmeriShip', 'OnTrac']),
      );
      const tracking = await rows(`SELECT
        count(*) FILTER (WHERE TRACKINGNUMBER = 'No Tracking') AS none,
        count(*) FILTER (WHERE TRACKINGNUMBER = '') AS empty,
        count(*) FILTER (WHERE TRACKINGNUMBER LIKE '1Z%') AS ups,
        count(DELIVERYDATE) AS delivered
        FROM ${db}.SALESORDERS`);
      expect(Object.values(tracking[0]!).every((count) => Number(count) > 0)).toBe(true);
      const intake = (await rows(`SELECT DISTINCT INTAKESTATUS FROM ${db}.SALESORDERS`)).map(
        (row) => row.INTAKESTATUS,
      );
      expect(intake).toEqual(expect.arrayContaining([...CONTACT_INTAKE_PHRASES]));
    },
  ],
  [
    'a status history for every order that starts at creation and ends in its status',
    async ({ rows, db }) => {
      const broken = await value(
        rows,
        `WITH h AS (
          SELECT SALESORDERKEY, arg_max(STATUS, ENTEREDAT) AS last_status, min(ENTEREDAT) AS first_at,
                 count(*) FILTER (WHERE EXITEDAT IS NULL) AS open
          FROM ${db}.SALESORDERSTATUSHISTORY GROUP BY 1)
        SELECT count(*) FROM ${db}.SALESORDERS s LEFT JOIN h USING (SALESORDERKEY)
        WHERE s.ISLATEST AND (h.last_status IS DISTINCT FROM s.STATUS OR h.first_at <> s.DATECREATED OR h.open <> 1)`,
      );
      expect(Number(broken)).toBe(0);
    },
  ],
  [
    'patients linked to payors by level, one current primary each, with [Patient] self-pay',
    async ({ rows, db, patients }) => {
      const levels = await rows(`
        SELECT pp.LEVELNAME, c.NAME = '[Patient]' AS self_pay, count(*) AS n
        FROM ${db}.PATIENTPAYORS pp JOIN ${db}.PAYORS p USING (PAYORKEY) JOIN ${db}.COMPANIES c USING (COMPANYKEY)
        WHERE pp.ISLATEST AND NOT pp.ISDELETED GROUP BY ALL`);
      const has = (level: string, selfPay: boolean) =>
        levels.some((row) => row.LEVELNAME === level && row.self_pay === selfPay);
      expect(has('Primary', false) && has('Primary', true) && has('Secondary', true)).toBe(true);
      const primaries = await value(
        rows,
        `SELECT count(*) FROM (SELECT PATIENTKEY FROM ${db}.PATIENTPAYORS
        WHERE ISLATEST AND NOT ISDELETED AND PAYORLEVEL = 1 GROUP BY 1 HAVING count(*) = 1)`,
      );
      expect(Number(primaries)).toBe(patients);
    },
  ],
];

import { beforeAll } from 'vitest';
import type { Kysely } from 'kysely';
import type { TDialect } from '../../db/database';
import type { Database } from '../../db/schema';
import { insertOrders } from '../../test/erp-fixtures';
import { useTestPortal } from '../../test/test-portal';
import { seedScenario, signInScenario } from '../patients/test-scenario';
import { refillWorklist } from './summary';
import { worklistRoutes } from './routes';

/**
 * The patients' scenario (patients/test-scenario.ts: payors PAY-A and PAY-B, one user per
 * scope) with five more Action Items orders of PAY-A's patients and a status history, on a
 * portal whose clock stands at NOW. PAY-A's Action Items, by days in status:
 *   W4 62 (Mcneil, Respiratory) · O1 30 (Smith, Respiratory) · W1 21 (Jones, Respiratory)
 *   · O2 12 (Smith, Diabetic) · W5 7 (Jones, none) · W2 1 (Adams, Diabetic)
 *   · W3 unknown (Smithers, Respiratory).
 * A second copy of the routes under /api/small exports at most 3 rows.
 */

export const NOW = Date.UTC(2025, 1, 1, 12);
const DAY = 86_400_000;
const day = (iso: string) => Date.parse(`${iso}T12:00:00Z`);
export const SMALL_EXPORT_LIMIT = 3;

const order = (
  id: string,
  patientKey: string,
  status: string,
  iso: string,
  classification: 'CL-RESP' | 'CL-DIAB' | null,
) => ({
  order_id: id,
  so_number: `SO-${id}`,
  patient_key: patientKey,
  status,
  date_created: day(iso),
  so_classification_key: classification,
  so_classification_name:
    classification === null ? null : classification === 'CL-RESP' ? 'Respiratory' : 'Diabetic',
});

const seedWorklist = async (db: Kysely<Database>) => {
  await insertOrders(db, [
    order('W1', 'PA-3', '34 - Awaiting SCA/LOA', '2025-01-10', 'CL-RESP'),
    // Tracking numbers a name search finds too: W2's patient is not a Smith, W3's is.
    {
      ...order('W2', 'PA-4', '31 - Awaiting CMN (RX)', '2025-01-11', 'CL-DIAB'),
      tracking_number: 'SMITH',
    },
    {
      ...order('W3', 'PA-2', '33 - Awaiting PAR', '2025-01-12', 'CL-RESP'),
      tracking_number: 'SMITH',
    },
    {
      ...order('W4', 'PA-6', '34 - Awaiting SCA/LOA', '2025-01-13', 'CL-RESP'),
      // A cell a spreadsheet would run: the CSV must show it as text.
      intake_status: '@SUM(A1)',
    },
    order('W5', 'PA-3', '31 - Awaiting CMN (RX)', '2025-01-14', null),
  ]);
  const entered: [string, string, number][] = [
    ['O1', '31 - Awaiting CMN (RX)', 30],
    ['O2', '33 - Awaiting PAR', 12],
    ['W1', '34 - Awaiting SCA/LOA', 21],
    ['W2', '31 - Awaiting CMN (RX)', 1],
    ['W4', '34 - Awaiting SCA/LOA', 62],
    ['W5', '31 - Awaiting CMN (RX)', 7],
    ['OB1', '31 - Awaiting CMN (RX)', 40],
  ];
  await db
    .insertInto('order_status_history')
    .values(
      entered.map(([orderId, status, days]) => ({
        status_history_key: `H-${orderId}`,
        order_id: orderId,
        status,
        entered_at: NOW - days * DAY - 3_600_000,
        exited_at: null,
      })),
    )
    .execute();
  await refillWorklist(db);
};

export const useWorklistScenario = (dialect: TDialect) => {
  const portal = useTestPortal(
    dialect,
    {},
    {
      clock: () => NOW,
      beforeReady: (app) => {
        void app.register(worklistRoutes, {
          prefix: '/api/small',
          exportLimit: SMALL_EXPORT_LIMIT,
        });
      },
    },
  );
  let state:
    | {
        request: Awaited<ReturnType<typeof signInScenario>>;
        ids: Awaited<ReturnType<typeof seedScenario>>;
      }
    | undefined;
  beforeAll(async () => {
    const { db } = portal().database;
    const ids = await seedScenario(db);
    await seedWorklist(db);
    state = { ids, request: await signInScenario(portal().app) };
  });
  const ready = () => {
    if (!state) {
      throw new Error('scenario is not ready; use it inside a test');
    }
    return state;
  };
  return {
    portal,
    request: (...args: Parameters<NonNullable<typeof state>['request']>) =>
      ready().request(...args),
    ids: () => ready().ids,
  };
};

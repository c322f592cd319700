import { CONTACT_INTAKE_PHRASES, PENDING_DOCUMENT_STATUSES } from '@portal/domain/order-status';
import { CLASSIFICATIONS, DOCUMENT_TYPES, OTHER_INTAKE_STATUSES } from './catalog';
import { between, text } from './expr';
import { pickLive, supersede, type TMutationSql, type TMutationStep } from './mutate-plan';
import { DELIVERED_STATUS, SHIPPED_STATUS, WORKFLOW_STEPS } from './workflow';

const DOCTOR_COUNT = '(SELECT max(DOCTORKEY) - 20000 FROM DOCTORS)';
const LIVE_ORDERS = (at: string) =>
  `SELECT SALESORDERKEY FROM SALESORDERS WHERE ISLATEST AND NOT ISDELETED AND LASTMODIFIED < ${at}`;

/**
 * Changes to orders: some deleted (with their lines, history and documents), some
 * superseded by a corrected version, about --orders-percent moved one step along
 * the workflow (closing the open history row, opening the next; documents received
 * when they leave the pending-documents statuses), some lines removed, then new
 * orders at the start of intake, with lines, a history row and sometimes a document.
 */
export const orderSteps = (m: TMutationSql): TMutationStep[] => {
  const { h, at, from, counts } = m;
  const deleted = `SELECT SALESORDERKEY FROM m_order_deletes`;
  const tracked = (column: string) => `${column} NOT IN ('', ${text(h.noTracking)})`;
  const cascade = (table: 'SALESORDERITEMS' | 'SALESORDERSTATUSHISTORY' | 'DOCUMENTS') => ({
    table,
    kind: 'deleted' as const,
    sql: `UPDATE ${table} SET ISDELETED = TRUE, LASTMODIFIED = ${at}
      WHERE ISLATEST AND NOT ISDELETED AND SALESORDERKEY IN (${deleted})`,
  });
  return [
    {
      sql: `CREATE OR REPLACE TEMP TABLE m_order_deletes AS
        ${pickLive(m, 'SALESORDERS', 'SALESORDERKEY', counts.orderDeletes, 'odel')}`,
    },
    {
      table: 'SALESORDERS',
      kind: 'deleted',
      sql: `UPDATE SALESORDERS SET ISDELETED = TRUE, LASTMODIFIED = ${at}
        WHERE ISLATEST AND SALESORDERKEY IN (${deleted})`,
    },
    cascade('SALESORDERITEMS'),
    cascade('SALESORDERSTATUSHISTORY'),
    cascade('DOCUMENTS'),
    ...supersede(
      m,
      'SALESORDERS',
      'SALESORDERKEY',
      `SELECT * REPLACE (20001 + ${h.int('SALESORDERKEY', 'sdoc', DOCTOR_COUNT)} AS DOCTORKEY)
       FROM SALESORDERS WHERE ISLATEST AND SALESORDERKEY IN (${pickLive(m, 'SALESORDERS', 'SALESORDERKEY', counts.orderSupersessions, 'over')})`,
    ),
    // Moves: one step each, timed after the order's last history row and within the day.
    {
      sql: `CREATE OR REPLACE TEMP TABLE m_moves AS
        WITH w AS (
          SELECT * FROM (VALUES ${WORKFLOW_STEPS.map(([old, next]) => `(${text(old)}, ${text(next)})`).join(', ')}) AS t(old, next)
        ), m AS (
          SELECT s.SALESORDERKEY, s.STATUS AS old_status, w.next AS next_status
          FROM SALESORDERS s JOIN w ON w.old = s.STATUS
          WHERE s.ISLATEST AND NOT s.ISDELETED AND s.LASTMODIFIED < ${at}
          ORDER BY ${h.rank('s.SALESORDERKEY', 'move')}, s.SALESORDERKEY LIMIT ${counts.orderMoves}
        ), o AS (
          SELECT SALESORDERKEY, max(ENTEREDAT) AS last_at,
                 max(STATUSHISTORYKEY) FILTER (WHERE EXITEDAT IS NULL) AS open_key
          FROM SALESORDERSTATUSHISTORY WHERE SALESORDERKEY IN (SELECT SALESORDERKEY FROM m) GROUP BY 1
        )
        SELECT m.*, o.open_key,
          least(${at}, greatest(o.last_at + INTERVAL 1 SECOND, ${between(from, at, h.rnd('m.SALESORDERKEY', 'mt'))})) AS moved_at,
          (SELECT max(STATUSHISTORYKEY) FROM SALESORDERSTATUSHISTORY) + row_number() OVER (ORDER BY m.SALESORDERKEY) AS history_key,
          ${h.carrier('m.SALESORDERKEY', 'mcar')} AS new_carrier
        FROM m LEFT JOIN o USING (SALESORDERKEY)`,
    },
    {
      table: 'SALESORDERSTATUSHISTORY',
      kind: 'updated',
      sql: `UPDATE SALESORDERSTATUSHISTORY SET EXITEDAT = m_moves.moved_at, LASTMODIFIED = ${at}
        FROM m_moves WHERE SALESORDERSTATUSHISTORY.STATUSHISTORYKEY = m_moves.open_key`,
    },
    {
      table: 'SALESORDERSTATUSHISTORY',
      kind: 'inserted',
      sql: `INSERT INTO SALESORDERSTATUSHISTORY BY NAME
        SELECT history_key AS STATUSHISTORYKEY, SALESORDERKEY, next_status AS STATUS, moved_at AS ENTEREDAT,
          NULL::TIMESTAMP AS EXITEDAT, TRUE AS ISLATEST, FALSE AS ISDELETED, ${at} AS LASTMODIFIED
        FROM m_moves`,
    },
    {
      table: 'SALESORDERS',
      kind: 'updated',
      sql: `UPDATE SALESORDERS SET STATUS = m.next_status,
          CARRIER = CASE WHEN m.next_status = ${text(SHIPPED_STATUS)} THEN m.new_carrier ELSE SALESORDERS.CARRIER END,
          TRACKINGNUMBER = CASE WHEN m.next_status = ${text(SHIPPED_STATUS)} THEN ${h.tracking('m.new_carrier', 'm.SALESORDERKEY')}
            ELSE SALESORDERS.TRACKINGNUMBER END,
          DELIVERYSTATUS = CASE WHEN m.next_status = ${text(SHIPPED_STATUS)} THEN 'Shipped'
            WHEN m.next_status = ${text(DELIVERED_STATUS)} AND ${tracked('SALESORDERS.TRACKINGNUMBER')} THEN 'Delivered'
            ELSE SALESORDERS.DELIVERYSTATUS END,
          DELIVERYDATE = CASE WHEN m.next_status = ${text(DELIVERED_STATUS)} AND ${tracked('SALESORDERS.TRACKINGNUMBER')}
            THEN m.moved_at::DATE ELSE SALESORDERS.DELIVERYDATE END,
          INTAKESTATUS = CASE WHEN m.next_status = ${text(SHIPPED_STATUS)} THEN 'Complete' ELSE SALESORDERS.INTAKESTATUS END,
          LASTMODIFIED = ${at}
        FROM m_moves m WHERE SALESORDERS.SALESORDERKEY = m.SALESORDERKEY AND SALESORDERS.ISLATEST`,
    },
    {
      table: 'DOCUMENTS',
      kind: 'inserted',
      sql: `INSERT INTO DOCUMENTS BY NAME
        WITH d AS (
          SELECT m.SALESORDERKEY, m.moved_at, s.PATIENTKEY, s.SONUMBER,
            CASE WHEN m.old_status LIKE '31%' THEN 'CMN' ELSE 'Prior Authorization' END AS type
          FROM m_moves m JOIN SALESORDERS s ON s.SALESORDERKEY = m.SALESORDERKEY AND s.ISLATEST
          WHERE m.old_status IN (${PENDING_DOCUMENT_STATUSES.map(text).join(', ')}))
        SELECT SALESORDERKEY * 4 + 1 AS DOCUMENTKEY, SALESORDERKEY, PATIENTKEY, type AS DOCUMENTTYPE,
          lower(replace(type, ' ', '_')) || '_' || SONUMBER || '_received.pdf' AS FILENAME, moved_at AS CREATEDDATE,
          TRUE AS ISLATEST, FALSE AS ISDELETED, ${at} AS LASTMODIFIED
        FROM d`,
    },
    {
      table: 'SALESORDERITEMS',
      kind: 'deleted',
      sql: `UPDATE SALESORDERITEMS SET ISDELETED = TRUE, LASTMODIFIED = ${at}
        WHERE ISLATEST AND SALESORDERITEMKEY IN (${pickLive(m, 'SALESORDERITEMS', 'SALESORDERITEMKEY', counts.itemDeletes, 'ldel', `SALESORDERKEY IN (${LIVE_ORDERS(at)})`)})`,
    },
    // New orders: the first ones for the new patients, the rest for live patients.
    {
      sql: `CREATE OR REPLACE TEMP TABLE m_new_orders AS
        WITH pats AS (
          SELECT PATIENTKEY, row_number() OVER (ORDER BY PATIENTKEY) - 1 AS n
          FROM PATIENTS WHERE ISLATEST AND NOT ISDELETED AND LASTMODIFIED < ${at}
        ), news AS (
          SELECT 100000 + i AS PATIENTKEY, created AS CREATEDDATE, row_number() OVER (ORDER BY i) AS j FROM m_new_patients
        ), b AS (
          SELECT j, (SELECT max(SALESORDERKEY) FROM SALESORDERS) + j AS key, (SELECT count(*) FROM pats) AS live
          FROM range(1, ${counts.newOrders + 1}) r(j)
        ), c AS (
          SELECT b.*, ${h.int('b.key', 'opat', 'b.live')} AS n FROM b
        )
        SELECT b.key AS SALESORDERKEY, coalesce(news.PATIENTKEY, pats.PATIENTKEY) AS PATIENTKEY,
          greatest(${between(from, at, h.rnd('b.key', 'noc'))}, news.CREATEDDATE) AS created
        FROM c b LEFT JOIN news ON news.j = b.j
        LEFT JOIN pats ON news.j IS NULL AND pats.n = b.n`,
    },
    {
      table: 'SALESORDERS',
      kind: 'inserted',
      sql: `INSERT INTO SALESORDERS BY NAME
        SELECT n.SALESORDERKEY, 'SO' || (n.SALESORDERKEY - 4000000)::VARCHAR AS SONUMBER, n.PATIENTKEY,
          p.DOCTORKEY, 1 + ${h.int('n.SALESORDERKEY', 'ncls', CLASSIFICATIONS.length)} AS SOCLASSIFICATIONKEY,
          n.created AS DATECREATED,
          CASE WHEN ${h.rnd('n.SALESORDERKEY', 'nst')} < 0.6 THEN '07 - New Intake Holds' ELSE '10 - New Parachute Intakes' END AS STATUS,
          NULL AS DELIVERYSTATUS, NULL::DATE AS DELIVERYDATE,
          CASE WHEN ${h.rnd('n.SALESORDERKEY', 'ntrk')} < 0.1 THEN '' END AS TRACKINGNUMBER, NULL AS CARRIER,
          CASE WHEN ${h.rnd('n.SALESORDERKEY', 'ncp')} < 0.5 THEN ${h.pick(CONTACT_INTAKE_PHRASES, 'n.SALESORDERKEY', 'ncph')}
               ELSE ${h.pick(OTHER_INTAKE_STATUSES, 'n.SALESORDERKEY', 'nois')} END AS INTAKESTATUS,
          TRUE AS ISLATEST, FALSE AS ISDELETED, ${at} AS LASTMODIFIED
        FROM m_new_orders n JOIN PATIENTS p ON p.PATIENTKEY = n.PATIENTKEY AND p.ISLATEST`,
    },
    {
      table: 'SALESORDERITEMS',
      kind: 'inserted',
      sql: `INSERT INTO SALESORDERITEMS BY NAME
        WITH cls AS (
          SELECT SOCLASSIFICATIONKEY AS c, list(ITEMKEY ORDER BY ITEMKEY) AS items FROM ITEMS WHERE ISLATEST GROUP BY 1
        ), lines AS (
          SELECT s.SALESORDERKEY, s.SONUMBER, j, cls.items[1 + ${h.int('s.SALESORDERKEY * 8 + j', 'item', 'len(cls.items)')}] AS itemkey
          FROM SALESORDERS s JOIN cls ON cls.c = s.SOCLASSIFICATIONKEY CROSS JOIN range(4) r(j)
          WHERE s.ISLATEST AND s.SALESORDERKEY IN (SELECT SALESORDERKEY FROM m_new_orders)
            AND j <= ${h.int('s.SALESORDERKEY', 'nlines', 4)}
        )
        SELECT l.SALESORDERKEY * 8 + l.j AS SALESORDERITEMKEY, l.SALESORDERKEY, l.SONUMBER, i.ITEMKEY, i.ITEMID,
          i.HCPCSCODE, i.SKU, i.NAME AS ITEMNAME,
          greatest(1, (i.DEFAULTQUANTITY * (0.5 + ${h.rnd('l.SALESORDERKEY * 8 + l.j', 'qty')}))::INTEGER) AS QUANTITY,
          TRUE AS ISLATEST, FALSE AS ISDELETED, ${at} AS LASTMODIFIED
        FROM lines l JOIN ITEMS i ON i.ITEMKEY = l.itemkey AND i.ISLATEST`,
    },
    {
      table: 'SALESORDERSTATUSHISTORY',
      kind: 'inserted',
      sql: `INSERT INTO SALESORDERSTATUSHISTORY BY NAME
        SELECT (SELECT max(STATUSHISTORYKEY) FROM SALESORDERSTATUSHISTORY) + row_number() OVER (ORDER BY s.SALESORDERKEY) AS STATUSHISTORYKEY,
          s.SALESORDERKEY, s.STATUS, s.DATECREATED AS ENTEREDAT, NULL::TIMESTAMP AS EXITEDAT,
          TRUE AS ISLATEST, FALSE AS ISDELETED, ${at} AS LASTMODIFIED
        FROM SALESORDERS s WHERE s.ISLATEST AND s.SALESORDERKEY IN (SELECT SALESORDERKEY FROM m_new_orders)`,
    },
    {
      table: 'DOCUMENTS',
      kind: 'inserted',
      sql: `INSERT INTO DOCUMENTS BY NAME
        SELECT SALESORDERKEY * 4 AS DOCUMENTKEY, SALESORDERKEY, PATIENTKEY,
          ${h.pick(DOCUMENT_TYPES, 'SALESORDERKEY', 'dtype')} AS DOCUMENTTYPE,
          lower(replace(${h.pick(DOCUMENT_TYPES, 'SALESORDERKEY', 'dtype')}, ' ', '_')) || '_' || SONUMBER || '.pdf' AS FILENAME,
          ${between('DATECREATED', at, h.rnd('SALESORDERKEY', 'ndoc'))} AS CREATEDDATE,
          TRUE AS ISLATEST, FALSE AS ISDELETED, ${at} AS LASTMODIFIED
        FROM SALESORDERS WHERE ISLATEST AND SALESORDERKEY IN (SELECT SALESORDERKEY FROM m_new_orders)
          AND ${h.rnd('SALESORDERKEY', 'hasdoc')} < 0.3`,
    },
  ];
};

import {
  IN_PROGRESS_STATUSES,
  INTAKE_STATUSES,
  CONTACT_INTAKE_PHRASES,
  PENDING_DOCUMENT_STATUSES,
  SHIPPED_STATUSES,
} from '@portal/domain/order-status';
import { NO_TRACKING } from '@portal/domain/tracking';
import {
  CLASSIFICATIONS,
  DOCUMENT_TYPES,
  FIRST_NAMES,
  LAST_NAMES,
  OTHER_INTAKE_STATUSES,
  PAYOR_COMPANIES,
  PAYOR_LEVELS,
  PREFIXED_SHIPPED_STATUSES,
  PRODUCTS,
  SELF_PAY_COMPANY,
  STATES,
  STATUS_PATH,
  VARIANTS,
} from './catalog';
import { between, list, sqlHelpers, text } from './expr';

/**
 * The generator's SQL. Every value is a function of (row number, seed, salt)
 * through DuckDB's hash(), so a seed gives the same warehouse every time and
 * DuckDB builds a million orders vectorised, with no row-by-row JavaScript.
 */
export type TWarehouseSize = {
  patients: number;
  seed: number;
  /** Average sales orders per patient. */
  ordersPerPatient: number;
  /** 'YYYY-MM-DD': the day the export was taken; dates are spread over the 3 years before. */
  asOf: string;
};

/** The SQL statements that build the warehouse, in order. */
export const warehouseStatements = (size: TWarehouseSize): string[] => {
  const { seed } = size;
  const patients = Math.max(1, Math.floor(size.patients));
  const orders = Math.max(1, Math.round(patients * size.ordersPerPatient));
  const doctors = Math.max(5, Math.ceil(patients / 25));
  const insurers = PAYOR_COMPANIES.length;
  const selfPay = insurers + 1;
  const now = `TIMESTAMP '${size.asOf} 12:00:00'`;

  const { rnd, int, pick, phone, dashed, city, street } = sqlHelpers(seed);
  /** When patient i was created; PERSONS, ADDRESSES and PATIENTPAYORS are modified after it. */
  const patientCreated = (i: string) =>
    `(${now} - to_seconds(${int(i, 'pcreated', 4 * 365 * 86400)}) - INTERVAL 1 DAY)`;
  /** A modification time between a row's creation and the export. */
  const modified = (created: string, key: string, salt: string) =>
    between(created, now, rnd(key, salt));
  /** Reference data: last touched some time in the four years before the export. */
  const reference = (key: string, salt: string) =>
    `(${now} - to_seconds(${int(key, salt, 4 * 365 * 86400)}))`;

  const shippedAll = [...SHIPPED_STATUSES, ...PREFIXED_SHIPPED_STATUSES];
  const intakeInProgress = INTAKE_STATUSES.filter((status) =>
    (IN_PROGRESS_STATUSES as readonly string[]).includes(status),
  );

  /** How many path steps an order's history has before its current status (see the history). */
  const historySteps = (key: string, status: string) =>
    `(CASE WHEN ${status} IN (${intakeInProgress.map(text).join(', ')}) THEN 0
           ELSE 1 + ${int(key, 'steps', STATUS_PATH.length - 1)} END)`;

  return [
    // Reference tables.
    `CREATE OR REPLACE TABLE STATES AS
     SELECT *, ${reference('STATEKEY', 'lm')} AS LASTMODIFIED FROM (VALUES ${STATES.map(([abbr, name], index) => `(${index + 1}, ${text(abbr)}, ${text(name)}, TRUE, FALSE)`).join(', ')})
       AS t(STATEKEY, ABBREVIATION, NAME, ISLATEST, ISDELETED)`,

    `CREATE OR REPLACE TABLE SOCLASSIFICATIONS AS
     SELECT *, ${reference('SOCLASSIFICATIONKEY * 2 + ISLATEST::INTEGER', 'lm')} AS LASTMODIFIED FROM (VALUES ${CLASSIFICATIONS.map(([name, description], index) => `(${index + 1}, ${text(name)}, ${text(description)}, TRUE, FALSE)`).join(', ')},
       (2, 'CPAP', 'Sleep therapy', FALSE, FALSE),
       (${CLASSIFICATIONS.length + 1}, 'Legacy Rentals', 'Retired classification', TRUE, TRUE))
       AS t(SOCLASSIFICATIONKEY, NAME, DESCRIPTION, ISLATEST, ISDELETED)`,

    `CREATE OR REPLACE TABLE COMPANIES AS
     SELECT *, ${reference('COMPANYKEY', 'lm')} AS LASTMODIFIED FROM (VALUES ${PAYOR_COMPANIES.map(([name, kind], index) => `(${300 + index + 1}, ${text(name)}, ${text(kind)}, TRUE, FALSE)`).join(', ')},
       (${300 + selfPay}, ${text(SELF_PAY_COMPANY)}, 'Self Pay', TRUE, FALSE))
       AS t(COMPANYKEY, NAME, COMPANYTYPE, ISLATEST, ISDELETED)`,

    `CREATE OR REPLACE TABLE PAYORS AS
     SELECT 7000 + (COMPANYKEY - 300) AS PAYORKEY, COMPANYKEY, COMPANYTYPE AS PAYORTYPE,
            'PAY' || lpad((COMPANYKEY - 300)::VARCHAR, 4, '0') AS PAYORID, ISLATEST, ISDELETED, LASTMODIFIED
     FROM COMPANIES`,

    // Items: each product in two to four variants, plus a few superseded rows.
    `CREATE OR REPLACE TABLE ITEMS AS
     WITH p AS (
       SELECT * FROM (VALUES ${PRODUCTS.map(([cls, code, name, qty], index) => `(${index + 1}, ${cls}, ${text(code)}, ${text(name)}, ${qty})`).join(', ')})
         AS t(pos, cls, code, name, qty)
     ), v AS (
       SELECT p.*, j, ${pick(VARIANTS, 'p.pos * 10 + j', 'variant')} AS variant
       FROM p CROSS JOIN range(4) r(j)
       WHERE j < 2 + ${int('p.pos', 'variants', 3)}
     )
     SELECT 40000 + pos * 10 + j AS ITEMKEY, 'IT' || lpad((pos * 10 + j)::VARCHAR, 5, '0') AS ITEMID,
            code || '-' || upper(left(variant, 3)) || j::VARCHAR AS SKU,
            CASE WHEN j = 0 THEN name ELSE name || ' (' || variant || ')' END AS NAME,
            name || ', ' || lower(variant) || ' size, HCPCS ' || code || ', qty ' || qty::VARCHAR || ' per unit' AS DESCRIPTION,
            code AS HCPCSCODE, cls AS SOCLASSIFICATIONKEY, qty AS DEFAULTQUANTITY,
            TRUE AS ISLATEST, FALSE AS ISDELETED, ${reference('pos * 10 + j', 'lm')} AS LASTMODIFIED
     FROM v
     UNION ALL
     SELECT 40000 + pos * 10, 'IT' || lpad((pos * 10)::VARCHAR, 5, '0'), code || '-OLD', name || ' (discontinued packaging)',
            name, code, cls, qty, FALSE, FALSE, ${now} - INTERVAL 1500 DAY
     FROM p WHERE pos % 5 = 0`,

    // People and places.
    `CREATE OR REPLACE TEMP TABLE pt AS
     SELECT i,
       CASE WHEN ${rnd('i', 'self')} < 0.05 THEN ${selfPay}
            ELSE least(${insurers}, 1 + floor(${insurers} * pow(${rnd('i', 'payor')}, 1.8))::INTEGER) END AS prim,
       ${rnd('i', 'second')} AS r2, ${rnd('i', 'third')} AS r3
     FROM range(1, ${patients + 1}) r(i)`,

    `CREATE OR REPLACE TABLE PERSONS AS
     WITH b AS (SELECT i, ${phone('i', 'ph')} AS ph FROM range(1, ${patients + 1}) r(i))
     SELECT 500000 + i AS PERSONKEY, ${pick(FIRST_NAMES, 'i', 'first')} AS FIRSTNAME,
            ${pick(LAST_NAMES, 'i', 'last')} AS LASTNAME, chr((65 + ${int('i', 'mi', 26)})::INTEGER) AS MIDDLEINITIAL,
            (DATE '${size.asOf}' - (6570 + ${int('i', 'dob', 25550)})::INTEGER) AS DOB,
            CASE WHEN ${rnd('i', 'g')} < 0.5 THEN 'F' ELSE 'M' END AS GENDER,
            CASE WHEN ${rnd('i', 'phf')} < 0.08 THEN NULL WHEN ${rnd('i', 'phf')} < 0.2 THEN ${dashed('ph')} ELSE ph END AS PHONE,
            CASE WHEN ${rnd('i', 'mob')} < 0.5 THEN ${phone('i', 'mo')} END AS PHONEMOBILE,
            CASE WHEN ${rnd('i', 'em')} < 0.25 THEN NULL
                 ELSE regexp_replace(lower(${pick(FIRST_NAMES, 'i', 'first')} || '.' || ${pick(LAST_NAMES, 'i', 'last')}), '[^a-z.]', '', 'g')
                      || (i % 1000)::VARCHAR || '@example.com' END AS EMAIL,
            TRUE AS ISLATEST, FALSE AS ISDELETED, ${modified(patientCreated('i'), 'i', 'pelm')} AS LASTMODIFIED
     FROM b
     UNION ALL
     SELECT 500000 + i, ${pick(FIRST_NAMES, 'i', 'first')}, ${pick(LAST_NAMES, 'i', 'oldlast')}, NULL,
            (DATE '${size.asOf}' - (6570 + ${int('i', 'dob', 25550)})::INTEGER), NULL, ${phone('i', 'oldph')}, NULL, NULL, FALSE, FALSE,
            ${patientCreated('i')}
     FROM b WHERE ${rnd('i', 'pv')} < 0.1`,

    `CREATE OR REPLACE TABLE ADDRESSES AS
     WITH b AS (
       SELECT i, k, 1000000 + 2 * i + k AS key, ${city('i * 2 + k', 'city')} AS c
       FROM range(1, ${patients + 1}) r(i) CROSS JOIN range(2) s(k)
     )
     SELECT key AS ADDRESSKEY, ${street('key', 'st')} AS STREET,
            CASE WHEN ${rnd('key', 'suite')} < 0.25 THEN 'Apt ' || (1 + ${int('key', 'apt', 400)})::VARCHAR END AS SUITE,
            c.c AS CITY, s.STATEKEY, c.z || lpad(${int('key', 'zip', 100)}::VARCHAR, 2, '0') AS ZIP,
            TRUE AS ISLATEST, FALSE AS ISDELETED, ${modified(patientCreated('i'), 'key', 'alm')} AS LASTMODIFIED
     FROM b JOIN STATES s ON s.ABBREVIATION = c.s
     UNION ALL
     SELECT key, ${street('key', 'oldst')}, NULL, c.c, s.STATEKEY, c.z || '00', FALSE, FALSE, ${patientCreated('i')}
     FROM b JOIN STATES s ON s.ABBREVIATION = c.s WHERE ${rnd('key', 'av')} < 0.1`,

    `CREATE OR REPLACE TABLE DOCTORS AS
     WITH b AS (SELECT j, 20000 + j AS key, ${city('j', 'dcity')} AS c FROM range(1, ${doctors + 1}) r(j))
     SELECT key AS DOCTORKEY, ${pick(FIRST_NAMES, 'j', 'dfirst')} AS FIRSTNAME, ${pick(LAST_NAMES, 'j', 'dlast')} AS LASTNAME,
            (1000000000 + ${int('j', 'npi', 999_999_999)})::VARCHAR AS NPI,
            ${phone('j', 'dph')} AS DOCTORPHONE1,
            ${street('j', 'dst')} AS DOCTORSTREET,
            CASE WHEN ${rnd('j', 'dsuite')} < 0.6 THEN 'Suite ' || (100 + ${int('j', 'dsn', 800)})::VARCHAR END AS DOCTORSUITE,
            c.c AS DOCTORCITY, c.s AS DOCTORSTATE, c.z || lpad(${int('j', 'dzip', 100)}::VARCHAR, 2, '0') AS DOCTORZIP,
            TRUE AS ISLATEST, ${rnd('j', 'ddel')} < 0.02 AS ISDELETED, ${reference('j', 'dlm')} AS LASTMODIFIED
     FROM b
     UNION ALL
     SELECT key, ${pick(FIRST_NAMES, 'j', 'dfirst')}, ${pick(LAST_NAMES, 'j', 'dlast')}, (1000000000 + ${int('j', 'npi', 999_999_999)})::VARCHAR,
            ${phone('j', 'doldph')}, ${street('j', 'doldst')}, NULL, c.c, c.s, c.z || '00', FALSE, FALSE, ${now} - INTERVAL 1500 DAY
     FROM b WHERE ${rnd('j', 'dv')} < 0.15`,

    `CREATE OR REPLACE TABLE PATIENTS AS
     SELECT 100000 + i AS PATIENTKEY, 'PT' || lpad(i::VARCHAR, 7, '0') AS PATIENTID, 500000 + i AS PERSONKEY,
            1000000 + 2 * i AS BILLINGADDRESSKEY,
            CASE WHEN ${rnd('i', 'same')} < 0.7 THEN 1000000 + 2 * i ELSE 1000000 + 2 * i + 1 END AS DELIVERYADDRESSKEY,
            20001 + ${int('i', 'doc', doctors)} AS DOCTORKEY,
            ${patientCreated('i')} AS CREATEDDATE,
            TRUE AS ISLATEST, ${rnd('i', 'pdel')} < 0.02 AS ISDELETED, ${modified(patientCreated('i'), 'i', 'plm')} AS LASTMODIFIED
     FROM range(1, ${patients + 1}) r(i)
     UNION ALL
     SELECT 100000 + i, 'PT' || lpad(i::VARCHAR, 7, '0'), 500000 + i, 1000000 + 2 * i, 1000000 + 2 * i,
            20001 + ${int('i', 'olddoc', doctors)}, ${now} - INTERVAL 1500 DAY, FALSE, FALSE, ${now} - INTERVAL 1499 DAY
     FROM range(1, ${patients + 1}) r(i) WHERE ${rnd('i', 'pver')} < 0.1`,

    // Patient payors: a primary for everyone ('[Patient]' for self-pay), some secondary and
    // tertiary, '[Patient]' responsibility entries, superseded and deleted links.
    `CREATE OR REPLACE TABLE PATIENTPAYORS AS
     WITH links AS (
       SELECT i, 1 AS lvl, prim AS payor, TRUE AS latest, FALSE AS deleted FROM pt
       UNION ALL
       SELECT i, 2, CASE WHEN prim = ${selfPay} OR r2 < 0.1 THEN ${selfPay}
                         ELSE 1 + (prim + ${int('i', 'secp', insurers - 1)}) % ${insurers} END, TRUE, FALSE
       FROM pt WHERE r2 < 0.45 AND prim <> ${selfPay}
       UNION ALL
       SELECT i, 3, ${selfPay}, TRUE, FALSE FROM pt WHERE r2 >= 0.1 AND r2 < 0.45 AND r3 < 0.4
       UNION ALL
       SELECT i, 1, 1 + ${int('i', 'oldp', insurers)}, FALSE, FALSE FROM pt WHERE r3 >= 0.9
       UNION ALL
       SELECT i, 2, 1 + ${int('i', 'delp', insurers)}, TRUE, TRUE FROM pt WHERE r2 >= 0.45 AND r3 < 0.03
     )
     SELECT i * 10 + row_number() OVER (PARTITION BY i ORDER BY lvl, latest DESC, deleted) AS PATIENTPAYORKEY,
            100000 + i AS PATIENTKEY, 7000 + payor AS PAYORKEY, lvl AS PAYORLEVEL,
            (${list(PAYOR_LEVELS)})[lvl] AS LEVELNAME,
            'POL' || lpad(${int('i * 10 + lvl', 'policy', 100_000_000)}::VARCHAR, 8, '0') AS POLICYNUMBER,
            latest AS ISLATEST, deleted AS ISDELETED,
            CASE WHEN latest THEN ${modified(patientCreated('i'), 'i * 10 + lvl', 'pplm')} ELSE ${patientCreated('i')} END AS LASTMODIFIED
     FROM links`,

    // Sales orders: age first, then a status group that fits the age, then the rest.
    `CREATE OR REPLACE TEMP TABLE so AS
     WITH b AS (
       SELECT o, 1 + ${int('o', 'opat', patients)} AS p,
              floor(pow(${rnd('o', 'age')}, 1.4) * 1095)::INTEGER AS age,
              ${rnd('o', 'grp')} AS rg, ${rnd('o', 'trk')} AS rt, ${rnd('o', 'car')} AS rc
       FROM range(1, ${orders + 1}) r(o)
     )
     SELECT *,
       CASE WHEN age > 45 THEN (CASE WHEN rg < 0.9 THEN 's' WHEN rg < 0.93 THEN 'd' ELSE 'i' END)
            ELSE (CASE WHEN rg < 0.35 THEN 's' WHEN rg < 0.5 THEN 'd' ELSE 'i' END) END AS grp,
       ${now} - to_seconds(age::BIGINT * 86400 + ${int('o', 'secs', 43200)}) AS created
     FROM b`,

    `CREATE OR REPLACE TEMP TABLE so2 AS
     SELECT *,
       CASE grp WHEN 's' THEN (CASE WHEN ${rnd('o', 'pref')} < 0.4 THEN ${pick(PREFIXED_SHIPPED_STATUSES, 'o', 'ps')} ELSE ${pick(shippedAll, 'o', 'ss')} END)
                WHEN 'd' THEN ${pick(PENDING_DOCUMENT_STATUSES, 'o', 'ds')}
                ELSE (CASE WHEN ${rnd('o', 'inc')} < 0.03 THEN '10 - Intake Incomplete' ELSE ${pick(IN_PROGRESS_STATUSES, 'o', 'is')} END) END AS status,
       CASE WHEN rc < 0.35 THEN 'UPS' WHEN rc < 0.55 THEN 'USPS' WHEN rc < 0.75 THEN 'FedEx' WHEN rc < 0.8 THEN 'DHL'
            WHEN rc < 0.9 THEN 'AmeriShip' WHEN rc < 0.95 THEN 'OnTrac' ELSE 'Local Courier' END AS carrier
     FROM so`,

    `CREATE OR REPLACE TABLE SALESORDERS AS
     WITH o AS (
       SELECT *,
         CASE WHEN grp <> 's' THEN (CASE WHEN rt < 0.1 THEN '' END)
              WHEN rt < 0.12 THEN ${text(NO_TRACKING)} WHEN rt < 0.22 THEN ''
              WHEN carrier = 'UPS' THEN '1Z' || upper(substr(md5(o::VARCHAR || '${seed}'), 1, 16))
              WHEN carrier = 'USPS' THEN '9400' || lpad(${int('o', 'usps', 1_000_000_000_000)}::VARCHAR, 18, '0')
              WHEN carrier = 'FedEx' THEN lpad(${int('o', 'fdx', 1_000_000_000_000)}::VARCHAR, 12, '0')
              WHEN carrier = 'DHL' THEN lpad(${int('o', 'dhl', 10_000_000_000)}::VARCHAR, 10, '0')
              WHEN carrier = 'AmeriShip' THEN 'AMS' || lpad(${int('o', 'ams', 1_000_000_000)}::VARCHAR, 9, '0')
              ELSE 'TRK' || lpad(${int('o', 'oth', 10_000_000_000)}::VARCHAR, 10, '0') END AS tracking
       FROM so2
     ), v AS (
     SELECT 5000000 + o AS SALESORDERKEY, 'SO' || (1000000 + o)::VARCHAR AS SONUMBER, 100000 + p AS PATIENTKEY,
            CASE WHEN ${rnd('o', 'sdoc')} < 0.8 THEN 20001 + ${int('p', 'doc', doctors)} ELSE 20001 + ${int('o', 'odoc', doctors)} END AS DOCTORKEY,
            CASE WHEN ${rnd('o', 'scls')} < 0.75 THEN 1 + ${int('p', 'pcls', CLASSIFICATIONS.length)} ELSE 1 + ${int('o', 'ocls', CLASSIFICATIONS.length)} END AS SOCLASSIFICATIONKEY,
            created AS DATECREATED, status AS STATUS,
            CASE WHEN grp <> 's' OR tracking IN ('', ${text(NO_TRACKING)}) THEN NULL WHEN age > 10 OR ${rnd('o', 'del')} < 0.3 THEN 'Delivered' ELSE 'Shipped' END AS DELIVERYSTATUS,
            CASE WHEN grp = 's' AND tracking NOT IN ('', ${text(NO_TRACKING)}) AND (age > 10) THEN (created + INTERVAL 2 DAY + to_days(${int('o', 'dd', 7)}::INTEGER))::DATE END AS DELIVERYDATE,
            tracking AS TRACKINGNUMBER, CASE WHEN grp = 's' THEN carrier END AS CARRIER,
            CASE WHEN grp = 's' THEN 'Complete'
                 WHEN status IN (${intakeInProgress.map(text).join(', ')}, '10 - Intake Incomplete') OR ${rnd('o', 'ic')} < 0.3
                   THEN (CASE WHEN ${rnd('o', 'cp')} < 0.5 THEN ${pick(CONTACT_INTAKE_PHRASES, 'o', 'cph')} ELSE ${pick(OTHER_INTAKE_STATUSES, 'o', 'ois')} END)
                 WHEN ${rnd('o', 'inull')} < 0.5 THEN NULL ELSE ${pick(OTHER_INTAKE_STATUSES, 'o', 'ois2')} END AS INTAKESTATUS,
            TRUE AS ISLATEST, ${rnd('o', 'sodel')} < 0.01 AS ISDELETED
     FROM o)
     -- Last modified between the order's last status change and its delivery (or the export).
     SELECT *, make_timestamp(epoch_us(DATECREATED) + ((epoch_us(coalesce(DELIVERYDATE::TIMESTAMP, ${now})) - epoch_us(DATECREATED))
              * ((${historySteps('SALESORDERKEY', 'STATUS')} + ${rnd('SALESORDERKEY', 'solm')}) / (${historySteps('SALESORDERKEY', 'STATUS')} + 1)))::BIGINT) AS LASTMODIFIED
     FROM v
     UNION ALL
     SELECT 5000000 + o, 'SO' || (1000000 + o)::VARCHAR, 100000 + p, 20001 + ${int('p', 'doc', doctors)}, 1, created,
            '07 - New Intake Holds', NULL, NULL, NULL, NULL, 'Referral Received', FALSE, FALSE, least(${now}, created + INTERVAL 1 HOUR)
     FROM so WHERE ${rnd('o', 'sover')} < 0.1`,

    `CREATE OR REPLACE TABLE SALESORDERITEMS AS
     WITH cls AS (
       SELECT SOCLASSIFICATIONKEY AS c, list(ITEMKEY ORDER BY ITEMKEY) AS items FROM ITEMS WHERE ISLATEST GROUP BY 1
     ), lines AS (
       SELECT s.SALESORDERKEY, s.SONUMBER, s.DATECREATED, j, cls.items[1 + ${int('s.SALESORDERKEY * 8 + j', 'item', 'len(cls.items)')}] AS itemkey
       FROM SALESORDERS s JOIN cls ON cls.c = s.SOCLASSIFICATIONKEY CROSS JOIN range(4) r(j)
       WHERE s.ISLATEST AND j <= ${int('s.SALESORDERKEY', 'nlines', 4)}
     )
     SELECT l.SALESORDERKEY * 8 + l.j AS SALESORDERITEMKEY, l.SALESORDERKEY, l.SONUMBER, i.ITEMKEY, i.ITEMID,
            i.HCPCSCODE, i.SKU, i.NAME AS ITEMNAME,
            greatest(1, (i.DEFAULTQUANTITY * (0.5 + ${rnd('l.SALESORDERKEY * 8 + l.j', 'qty')}))::INTEGER) AS QUANTITY,
            TRUE AS ISLATEST, ${rnd('l.SALESORDERKEY * 8 + l.j', 'ldel')} < 0.01 AS ISDELETED, l.DATECREATED AS LASTMODIFIED
     FROM lines l JOIN ITEMS i ON i.ITEMKEY = l.itemkey AND i.ISLATEST`,

    // History: a prefix of the usual path, then the current status, spread from creation to
    // delivery (or the export day).
    `CREATE OR REPLACE TABLE SALESORDERSTATUSHISTORY AS
     WITH h AS (
       SELECT s.SALESORDERKEY, s.STATUS, s.DATECREATED AS t0,
              coalesce(s.DELIVERYDATE::TIMESTAMP, ${now}) AS t1,
              ${historySteps('s.SALESORDERKEY', 's.STATUS')} AS k,
              step
       FROM SALESORDERS s CROSS JOIN range(${STATUS_PATH.length}) r(step)
       WHERE s.ISLATEST
     )
     SELECT *, coalesce(EXITEDAT, ENTEREDAT) AS LASTMODIFIED FROM (
     SELECT SALESORDERKEY * 10 + step AS STATUSHISTORYKEY, SALESORDERKEY,
            CASE WHEN step = k THEN STATUS ELSE (${list(STATUS_PATH)})[step + 1] END AS STATUS,
            make_timestamp(epoch_us(t0) + (epoch_us(t1) - epoch_us(t0)) * step // (k + 1)) AS ENTEREDAT,
            CASE WHEN step < k THEN make_timestamp(epoch_us(t0) + (epoch_us(t1) - epoch_us(t0)) * (step + 1) // (k + 1)) END AS EXITEDAT,
            TRUE AS ISLATEST, FALSE AS ISDELETED
     FROM h WHERE step <= k)`,

    `CREATE OR REPLACE TABLE DOCUMENTS AS
     SELECT SALESORDERKEY * 4 AS DOCUMENTKEY, SALESORDERKEY, PATIENTKEY,
            ${pick(DOCUMENT_TYPES, 'SALESORDERKEY', 'dtype')} AS DOCUMENTTYPE,
            lower(replace(${pick(DOCUMENT_TYPES, 'SALESORDERKEY', 'dtype')}, ' ', '_')) || '_' || SONUMBER || '.pdf' AS FILENAME,
            least(${now}, DATECREATED + INTERVAL 1 DAY) AS CREATEDDATE,
            TRUE AS ISLATEST, ${rnd('SALESORDERKEY', 'docdel')} < 0.05 AS ISDELETED,
            least(${now}, DATECREATED + INTERVAL 1 DAY) AS LASTMODIFIED
     FROM SALESORDERS WHERE ISLATEST AND ${rnd('SALESORDERKEY', 'hasdoc')} < 0.3`,
  ];
};

import { FIRST_NAMES, LAST_NAMES, PAYOR_COMPANIES } from './catalog';
import { between } from './expr';
import { pickLive, supersede, type TMutationSql, type TMutationStep } from './mutate-plan';

const INSURERS = PAYOR_COMPANIES.length;
const SELF_PAY = INSURERS + 1;
/** Doctor keys run 20001..20000 + n, as the generator numbers them. */
const DOCTOR_COUNT = '(SELECT max(DOCTORKEY) - 20000 FROM DOCTORS)';

/** `* REPLACE` new versions of picked latest rows. */
const replaceLatest = (table: string, key: string, picks: string, changes: string) =>
  `SELECT * REPLACE (${changes}) FROM ${table} WHERE ISLATEST AND ${key} IN (${picks})`;

/**
 * Changes to people and places: patients deleted or moved to another doctor, phone
 * numbers and addresses changed, insurance changed or dropped, doctors' phones
 * changed, then new patients with a person, two addresses and a primary payor.
 */
export const peopleSteps = (m: TMutationSql): TMutationStep[] => {
  const { h, at, from, counts } = m;
  return [
    {
      table: 'PATIENTS',
      kind: 'deleted',
      sql: `UPDATE PATIENTS SET ISDELETED = TRUE, LASTMODIFIED = ${at}
        WHERE ISLATEST AND PATIENTKEY IN (${pickLive(m, 'PATIENTS', 'PATIENTKEY', counts.patientDeletes, 'pdel')})`,
    },
    ...supersede(
      m,
      'PATIENTS',
      'PATIENTKEY',
      replaceLatest(
        'PATIENTS',
        'PATIENTKEY',
        pickLive(m, 'PATIENTS', 'PATIENTKEY', counts.patientSupersessions, 'pver'),
        `20001 + ${h.int('PATIENTKEY', 'pdoc', DOCTOR_COUNT)} AS DOCTORKEY`,
      ),
    ),
    {
      table: 'PERSONS',
      kind: 'updated',
      sql: `UPDATE PERSONS SET PHONE = ${h.phone('PERSONKEY', 'nph')},
          PHONEMOBILE = CASE WHEN ${h.rnd('PERSONKEY', 'nmob')} < 0.3 THEN ${h.phone('PERSONKEY', 'nmo')} ELSE PHONEMOBILE END,
          LASTMODIFIED = ${at}
        WHERE ISLATEST AND PERSONKEY IN (${pickLive(m, 'PERSONS', 'PERSONKEY', counts.phoneChanges, 'phone')})`,
    },
    ...supersede(
      m,
      'ADDRESSES',
      'ADDRESSKEY',
      `WITH b AS (
         SELECT *, ${h.city('ADDRESSKEY', 'ncity')} AS m_c FROM ADDRESSES
         WHERE ISLATEST AND ADDRESSKEY IN (${pickLive(m, 'ADDRESSES', 'ADDRESSKEY', counts.addressChanges, 'addr')}))
       SELECT b.* EXCLUDE (m_c) REPLACE (
         ${h.street('ADDRESSKEY', 'nst')} AS STREET,
         CASE WHEN ${h.rnd('ADDRESSKEY', 'nsuite')} < 0.25 THEN 'Apt ' || (1 + ${h.int('ADDRESSKEY', 'napt', 400)})::VARCHAR END AS SUITE,
         m_c.c AS CITY, s.STATEKEY AS STATEKEY, m_c.z || lpad(${h.int('ADDRESSKEY', 'nzip', 100)}::VARCHAR, 2, '0') AS ZIP)
       FROM b JOIN STATES s ON s.ABBREVIATION = m_c.s AND s.ISLATEST`,
    ),
    ...supersede(
      m,
      'PATIENTPAYORS',
      'PATIENTPAYORKEY',
      replaceLatest(
        'PATIENTPAYORS',
        'PATIENTPAYORKEY',
        pickLive(
          m,
          'PATIENTPAYORS',
          'PATIENTPAYORKEY',
          counts.payorChanges,
          'ppch',
          'PAYORLEVEL = 1',
        ),
        `7001 + (PAYORKEY - 7000 + ${h.int('PATIENTPAYORKEY', 'npp', INSURERS - 1)}) % ${INSURERS} AS PAYORKEY,
         'POL' || lpad(${h.int('PATIENTPAYORKEY', 'npol', 100_000_000)}::VARCHAR, 8, '0') AS POLICYNUMBER`,
      ),
    ),
    {
      table: 'PATIENTPAYORS',
      kind: 'deleted',
      sql: `UPDATE PATIENTPAYORS SET ISDELETED = TRUE, LASTMODIFIED = ${at}
        WHERE ISLATEST AND PATIENTPAYORKEY IN (${pickLive(m, 'PATIENTPAYORS', 'PATIENTPAYORKEY', counts.payorDeletes, 'ppdel', 'PAYORLEVEL > 1')})`,
    },
    ...supersede(
      m,
      'DOCTORS',
      'DOCTORKEY',
      replaceLatest(
        'DOCTORS',
        'DOCTORKEY',
        pickLive(m, 'DOCTORS', 'DOCTORKEY', counts.doctorChanges, 'dch'),
        `${h.phone('DOCTORKEY', 'ndph')} AS DOCTORPHONE1`,
      ),
    ),
    // New patients, numbered on from the last.
    {
      sql: `CREATE OR REPLACE TEMP TABLE m_new_patients AS
        SELECT i, ${between(from, at, h.rnd('i', 'npc'))} AS created
        FROM (SELECT (SELECT max(PATIENTKEY) - 100000 FROM PATIENTS) + j AS i
              FROM range(1, ${counts.newPatients + 1}) r(j))`,
    },
    {
      table: 'PERSONS',
      kind: 'inserted',
      sql: `INSERT INTO PERSONS BY NAME
        SELECT 500000 + i AS PERSONKEY, ${h.pick(FIRST_NAMES, 'i', 'first')} AS FIRSTNAME,
          ${h.pick(LAST_NAMES, 'i', 'last')} AS LASTNAME, chr((65 + ${h.int('i', 'mi', 26)})::INTEGER) AS MIDDLEINITIAL,
          (created::DATE - (6570 + ${h.int('i', 'dob', 25550)})::INTEGER) AS DOB,
          CASE WHEN ${h.rnd('i', 'g')} < 0.5 THEN 'F' ELSE 'M' END AS GENDER,
          ${h.phone('i', 'ph')} AS PHONE,
          CASE WHEN ${h.rnd('i', 'mob')} < 0.5 THEN ${h.phone('i', 'mo')} END AS PHONEMOBILE,
          CASE WHEN ${h.rnd('i', 'em')} < 0.25 THEN NULL
               ELSE regexp_replace(lower(${h.pick(FIRST_NAMES, 'i', 'first')} || '.' || ${h.pick(LAST_NAMES, 'i', 'last')}), '[^a-z.]', '', 'g')
                    || (i % 1000)::VARCHAR || '@example.com' END AS EMAIL,
          TRUE AS ISLATEST, FALSE AS ISDELETED, ${at} AS LASTMODIFIED
        FROM m_new_patients`,
    },
    {
      table: 'ADDRESSES',
      kind: 'inserted',
      sql: `INSERT INTO ADDRESSES BY NAME
        WITH b AS (
          SELECT 1000000 + 2 * i + k AS key, ${h.city('i * 2 + k', 'city')} AS c
          FROM m_new_patients CROSS JOIN range(2) s(k))
        SELECT key AS ADDRESSKEY, ${h.street('key', 'st')} AS STREET,
          CASE WHEN ${h.rnd('key', 'suite')} < 0.25 THEN 'Apt ' || (1 + ${h.int('key', 'apt', 400)})::VARCHAR END AS SUITE,
          c.c AS CITY, s.STATEKEY, c.z || lpad(${h.int('key', 'zip', 100)}::VARCHAR, 2, '0') AS ZIP,
          TRUE AS ISLATEST, FALSE AS ISDELETED, ${at} AS LASTMODIFIED
        FROM b JOIN STATES s ON s.ABBREVIATION = c.s AND s.ISLATEST`,
    },
    {
      table: 'PATIENTS',
      kind: 'inserted',
      sql: `INSERT INTO PATIENTS BY NAME
        SELECT 100000 + i AS PATIENTKEY, 'PT' || lpad(i::VARCHAR, 7, '0') AS PATIENTID, 500000 + i AS PERSONKEY,
          1000000 + 2 * i AS BILLINGADDRESSKEY,
          CASE WHEN ${h.rnd('i', 'same')} < 0.7 THEN 1000000 + 2 * i ELSE 1000000 + 2 * i + 1 END AS DELIVERYADDRESSKEY,
          20001 + ${h.int('i', 'doc', DOCTOR_COUNT)} AS DOCTORKEY, created AS CREATEDDATE,
          TRUE AS ISLATEST, FALSE AS ISDELETED, ${at} AS LASTMODIFIED
        FROM m_new_patients`,
    },
    {
      table: 'PATIENTPAYORS',
      kind: 'inserted',
      sql: `INSERT INTO PATIENTPAYORS BY NAME
        SELECT i * 10 + 1 AS PATIENTPAYORKEY, 100000 + i AS PATIENTKEY,
          7000 + CASE WHEN ${h.rnd('i', 'self')} < 0.05 THEN ${SELF_PAY}
            ELSE least(${INSURERS}, 1 + floor(${INSURERS} * pow(${h.rnd('i', 'payor')}, 1.8))::INTEGER) END AS PAYORKEY,
          1 AS PAYORLEVEL, 'Primary' AS LEVELNAME,
          'POL' || lpad(${h.int('i * 10 + 1', 'policy', 100_000_000)}::VARCHAR, 8, '0') AS POLICYNUMBER,
          TRUE AS ISLATEST, FALSE AS ISDELETED, ${at} AS LASTMODIFIED
        FROM m_new_patients`,
    },
  ];
};

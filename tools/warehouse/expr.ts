import { NO_TRACKING } from '@portal/domain/tracking';
import { CITIES, STREET_NAMES } from './catalog';

/**
 * SQL expression builders shared by the generator and the mutation. Every value is
 * a function of (key, seed, salt) through DuckDB's hash(), so the same seed gives
 * the same rows and DuckDB computes them vectorised.
 */
export const text = (value: string) => `'${value.replaceAll("'", "''")}'`;
export const list = (values: readonly string[]) => `[${values.map(text).join(', ')}]`;

/** Microseconds since the epoch as a DuckDB TIMESTAMP literal. */
export const timestampLiteral = (epochUs: bigint) => `make_timestamp(${epochUs}::BIGINT)`;

/** `from + (to - from) * fraction`, in microseconds, as a TIMESTAMP. */
export const between = (from: string, to: string, fraction: string) =>
  `make_timestamp(epoch_us(${from}) + ((epoch_us(${to}) - epoch_us(${from})) * ${fraction})::BIGINT)`;

export const sqlHelpers = (seed: number | string) => {
  const seedSql = typeof seed === 'number' ? String(seed) : text(seed);
  /** Uniform in [0, 1) from a key and a salt. */
  const rnd = (key: string, salt: string) =>
    `((hash(${key}, ${seedSql}, '${salt}') % 1000003)::DOUBLE / 1000003)`;
  /** A whole number in [0, n). */
  const int = (key: string, salt: string, n: number | string) =>
    `(hash(${key}, ${seedSql}, '${salt}') % (${n}))::BIGINT`;
  /** A sort key: rows ordered by it are in a seeded random order. */
  const rank = (key: string, salt: string) => `hash(${key}, ${seedSql}, '${salt}')`;
  /** One element of a list literal. */
  const pick = (values: readonly string[], key: string, salt: string) =>
    `(${list(values)})[1 + ${int(key, salt, values.length)}]`;
  const phone = (key: string, salt: string) =>
    `(200 + ${int(key, `${salt}a`, 800)})::VARCHAR || lpad(${int(key, `${salt}b`, 10_000_000)}::VARCHAR, 7, '0')`;
  const dashed = (digits: string) =>
    `substr(${digits}, 1, 3) || '-' || substr(${digits}, 4, 3) || '-' || substr(${digits}, 7, 4)`;
  const city = (key: string, salt: string) =>
    `([${CITIES.map(([name, state, zip]) => `{'c': ${text(name)}, 's': ${text(state)}, 'z': ${text(zip)}}`).join(', ')}])[1 + ${int(key, salt, CITIES.length)}]`;
  const street = (key: string, salt: string) =>
    `(100 + ${int(key, `${salt}n`, 9900)})::VARCHAR || ' ' || ${pick(STREET_NAMES, key, `${salt}s`)}`;
  /** A carrier name, weighted as the ERP's shipments are. */
  const carrier = (key: string, salt: string) => {
    const r = rnd(key, salt);
    return `(CASE WHEN ${r} < 0.35 THEN 'UPS' WHEN ${r} < 0.55 THEN 'USPS' WHEN ${r} < 0.75 THEN 'FedEx' WHEN ${r} < 0.8 THEN 'DHL'
      WHEN ${r} < 0.9 THEN 'AmeriShip' WHEN ${r} < 0.95 THEN 'OnTrac' ELSE 'Local Courier' END)`;
  };
  /** A tracking number in the carrier's format. */
  const tracking = (carrierSql: string, key: string) =>
    `(CASE WHEN ${carrierSql} = 'UPS' THEN '1Z' || upper(substr(md5(${key}::VARCHAR || ${seedSql}::VARCHAR), 1, 16))
      WHEN ${carrierSql} = 'USPS' THEN '9400' || lpad(${int(key, 'usps', 1_000_000_000_000)}::VARCHAR, 18, '0')
      WHEN ${carrierSql} = 'FedEx' THEN lpad(${int(key, 'fdx', 1_000_000_000_000)}::VARCHAR, 12, '0')
      WHEN ${carrierSql} = 'DHL' THEN lpad(${int(key, 'dhl', 10_000_000_000)}::VARCHAR, 10, '0')
      WHEN ${carrierSql} = 'AmeriShip' THEN 'AMS' || lpad(${int(key, 'ams', 1_000_000_000)}::VARCHAR, 9, '0')
      ELSE 'TRK' || lpad(${int(key, 'oth', 10_000_000_000)}::VARCHAR, 10, '0') END)`;
  return {
    rnd,
    int,
    rank,
    pick,
    phone,
    dashed,
    city,
    street,
    carrier,
    tracking,
    noTracking: NO_TRACKING,
  };
};

export type TSqlHelpers = ReturnType<typeof sqlHelpers>;

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSecretSources, type TSecretSources } from './lib/secrets-config';
import { parseTrustProxy, type TTrustProxy } from './lib/trust-proxy';
import { DEFAULT_WAREHOUSE_MEMORY_MB } from './sync/warehouse/types';

export type TConfig = {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string;
  /** True when DATABASE_URL is unset: the embedded SQLite demo setup. */
  embedded: boolean;
  warehouseUrl: string;
  /** Patients in the demo warehouse generated on first start (WAREHOUSE_PATIENTS). */
  warehousePatients: number;
  warehouseSeed: number;
  /** Generate the demo warehouse if missing and run default_full_sync once (FIRST_START_SYNC). */
  firstStartSync: boolean;
  appOrigin: string;
  smtpUrl: string | undefined;
  /** Sender of the portal's mail, e.g. password reset links. */
  mailFrom: string;
  /** Where Contact Support messages are mailed (SUPPORT_EMAIL). */
  supportEmail: string;
  demoAccounts: boolean;
  demoPassword: string | undefined;
  logLevel: string;
  webDist: string;
  /** Serve the web build's source maps (SOURCE_MAPS); off, they answer 404. */
  sourceMaps: boolean;
  /** Serve the OpenAPI document and its UI at /api/docs (API_DOCS; on in the embedded demo). */
  apiDocs: boolean;
  /** Which proxies' X-Forwarded-For to believe (TRUST_PROXY; lib/trust-proxy.ts). */
  trustProxy: TTrustProxy;
  /** A request must arrive whole within this many ms, or it is cut off (REQUEST_TIMEOUT_MS). */
  requestTimeoutMs: number;
  /**
   * A request's headers must arrive whole within this many ms, or it is cut off
   * (HEADERS_TIMEOUT_MS); never more than requestTimeoutMs.
   */
  headersTimeoutMs: number;
  /** Open connections past this many are refused at once (MAX_CONNECTIONS). */
  maxConnections: number;
  /**
   * Connections from one address past this many are refused at once; 0: no such cap
   * (MAX_CONNECTIONS_PER_ADDRESS). Addresses of trusted proxies are exempt.
   */
  maxConnectionsPerAddress: number;
  /**
   * A handed-out temporary password, and an invitation link, stop working after this many
   * days (TEMPORARY_PASSWORD_DAYS).
   */
  temporaryPasswordDays: number;
  /** Audit rows older than this many days are purged daily (AUDIT_RETENTION_DAYS). */
  auditRetentionDays: number;
  /** Where uploaded documents live (STORAGE_URL): unset for $DATA_DIR/uploads, or s3://... */
  storageUrl: string | undefined;
  /** The IANA time zone sync schedules' days and times are read in (SCHEDULER_TIMEZONE). */
  schedulerTimezone: string;
  /** How often each process looks for due sync schedules, in ms; 0: only when asked (SCHEDULER_TICK_MS). */
  schedulerTickMs: number;
  /** How often each process looks for a new data version to prepare analytics answers for; 0: never. */
  analyticsWarmMs: number;
  /** How often each process looks for sync changes to notify about and mail to send, in ms; 0: only when asked (NOTIFICATION_TICK_MS). */
  notificationTickMs: number;
  /** How long one warehouse query may run before it is interrupted (WAREHOUSE_STATEMENT_TIMEOUT_MS). */
  warehouseStatementTimeoutMs: number;
  /** The memory the embedded DuckDB warehouse's queries may take before spilling to disk (WAREHOUSE_MEMORY_MB). */
  warehouseMemoryMb: number;
  /** How long SIGTERM waits for this process's running syncs before stopping them (SHUTDOWN_GRACE_MS). */
  shutdownGraceMs: number;
  /**
   * Where the signing secrets come from: SESSION_SECRET, SECRETS_FILE, SESSION_SECRET_PREVIOUS,
   * SECRETS_KEY (lib/secrets-config.ts); none set, the database's generated ones.
   */
  secretSources: TSecretSources;
};

/** A week: time for a mailed link or a handed-out password to reach its user, not much more. */
export const DEFAULT_TEMPORARY_PASSWORD_DAYS = 7;

type TEnv = Record<string, string | undefined>;

const here = path.dirname(fileURLToPath(import.meta.url));

const parsePort = (raw: string | undefined): number => {
  if (raw === undefined || raw === '') {
    return 3000;
  }
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, got "${raw}"`);
  }
  return port;
};

const parseCount = (name: string, raw: string | undefined, fallback: number): number => {
  if (raw === undefined || raw === '') {
    return fallback;
  }
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`${name} must be a whole number of at least 1, got "${raw}"`);
  }
  return value;
};

/** A whole number where 0 turns the limit off. */
const parseLimit = (name: string, raw: string | undefined, fallback: number): number => {
  if (raw === undefined || raw === '') {
    return fallback;
  }
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`${name} must be a whole number (0 for no limit), got "${raw}"`);
  }
  return value;
};

const parseFlag = (raw: string | undefined, fallback: boolean): boolean => {
  if (raw === undefined || raw === '') {
    return fallback;
  }
  return ['1', 'true', 'yes', 'on'].includes(raw.toLowerCase());
};

const parseTimezone = (raw: string | undefined): string => {
  const zone = raw || 'UTC';
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    throw new Error(
      `SCHEDULER_TIMEZONE must be an IANA time zone such as Europe/Berlin, got "${zone}"`,
    );
  }
};

/** Reads the environment into a typed config; every value has an embedded default. */
export const loadConfig = (env: TEnv = process.env): TConfig => {
  const host = env.HOST || '127.0.0.1';
  const port = parsePort(env.PORT);
  const dataDir = path.resolve(env.DATA_DIR || 'data');
  const embedded = !env.DATABASE_URL;
  const demoAccounts = parseFlag(env.DEMO_ACCOUNTS, embedded);
  const requestTimeoutMs = parseCount('REQUEST_TIMEOUT_MS', env.REQUEST_TIMEOUT_MS, 30_000);
  return {
    host,
    port,
    dataDir,
    databaseUrl: env.DATABASE_URL || path.join(dataDir, 'portal.db'),
    embedded,
    warehouseUrl: env.WAREHOUSE_URL || path.join(dataDir, 'warehouse.duckdb'),
    warehousePatients: parseCount('WAREHOUSE_PATIENTS', env.WAREHOUSE_PATIENTS, 3000),
    warehouseSeed: parseCount('WAREHOUSE_SEED', env.WAREHOUSE_SEED, 1),
    warehouseStatementTimeoutMs: parseCount(
      'WAREHOUSE_STATEMENT_TIMEOUT_MS',
      env.WAREHOUSE_STATEMENT_TIMEOUT_MS,
      300_000,
    ),
    warehouseMemoryMb: parseCount(
      'WAREHOUSE_MEMORY_MB',
      env.WAREHOUSE_MEMORY_MB,
      DEFAULT_WAREHOUSE_MEMORY_MB,
    ),
    firstStartSync: parseFlag(env.FIRST_START_SYNC, demoAccounts),
    appOrigin: (env.APP_ORIGIN || `http://${host}:${port}`).replace(/\/+$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Supplier Portal <no-reply@localhost>',
    supportEmail: env.SUPPORT_EMAIL || 'support@localhost',
    demoAccounts,
    demoPassword: env.DEMO_PASSWORD || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    // The bundle lives in apps/server/dist; the web build in apps/web/dist.
    webDist: path.resolve(env.WEB_DIST || path.join(here, '..', '..', 'web', 'dist')),
    sourceMaps: parseFlag(env.SOURCE_MAPS, false),
    // The API's map helps a developer trying the demo and an attacker probing a deployment.
    apiDocs: parseFlag(env.API_DOCS, embedded),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    requestTimeoutMs,
    // Node refuses a headers timeout longer than the request's; the whole request bounds it.
    headersTimeoutMs: Math.min(
      parseCount('HEADERS_TIMEOUT_MS', env.HEADERS_TIMEOUT_MS, 10_000),
      requestTimeoutMs,
    ),
    // Below the usual open-file limit of 1024, with room for database connections and files.
    maxConnections: parseCount('MAX_CONNECTIONS', env.MAX_CONNECTIONS, 900),
    // One address (a slowloris) cannot hold every slot; a browser opens about six.
    maxConnectionsPerAddress: parseLimit(
      'MAX_CONNECTIONS_PER_ADDRESS',
      env.MAX_CONNECTIONS_PER_ADDRESS,
      50,
    ),
    // Six years: HIPAA's retention for documentation of its required policies and activity.
    temporaryPasswordDays: parseCount(
      'TEMPORARY_PASSWORD_DAYS',
      env.TEMPORARY_PASSWORD_DAYS,
      DEFAULT_TEMPORARY_PASSWORD_DAYS,
    ),
    auditRetentionDays: parseCount('AUDIT_RETENTION_DAYS', env.AUDIT_RETENTION_DAYS, 2190),
    storageUrl: env.STORAGE_URL || undefined,
    schedulerTimezone: parseTimezone(env.SCHEDULER_TIMEZONE),
    shutdownGraceMs: parseLimit('SHUTDOWN_GRACE_MS', env.SHUTDOWN_GRACE_MS, 25_000),
    schedulerTickMs:
      env.SCHEDULER_TICK_MS === '0'
        ? 0
        : parseCount('SCHEDULER_TICK_MS', env.SCHEDULER_TICK_MS, 5_000),
    analyticsWarmMs:
      env.ANALYTICS_WARM_MS === '0'
        ? 0
        : parseCount('ANALYTICS_WARM_MS', env.ANALYTICS_WARM_MS, 10_000),
    notificationTickMs:
      env.NOTIFICATION_TICK_MS === '0'
        ? 0
        : parseCount('NOTIFICATION_TICK_MS', env.NOTIFICATION_TICK_MS, 15_000),
    secretSources: parseSecretSources(env),
  };
};

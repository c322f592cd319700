/**
 * Sync error categories and their fixed advice (staff-tools.md section 8). The
 * server stores the category with a failed job; the console shows the advice and
 * opens the case fixer for case-sensitivity failures.
 */

export const SYNC_ERROR_CATEGORIES = [
  'connection_error',
  'authentication_error',
  'case_sensitivity_error',
  'schema_error',
  'syntax_error',
  'permission_error',
  'unknown_error',
] as const;

export type TSyncErrorCategory = (typeof SYNC_ERROR_CATEGORIES)[number];

export const SYNC_ERROR_SUGGESTIONS: Record<TSyncErrorCategory, readonly string[]> = {
  connection_error: [
    'Check that the warehouse is reachable from the portal server (network, firewall, VPN).',
    'Check the warehouse account, host and port in WAREHOUSE_URL.',
    'Retry the sync; short network interruptions and time-outs usually pass.',
  ],
  authentication_error: [
    'Check the warehouse user name and password (or key) the portal signs in with.',
    'Check that the warehouse user is not locked and its password has not expired.',
  ],
  case_sensitivity_error: [
    'Warehouse identifiers are upper case: write key columns, names and flags in upper case.',
    'Open the Case Sensitivity Fixer to correct the mapping automatically.',
  ],
  schema_error: [
    'Check that every table and column in the mapping exists in the warehouse.',
    'Check that the destination table has a column for every selected target.',
    'Compare the mapping with the warehouse schema; a column may have been renamed.',
  ],
  syntax_error: [
    'Check the SQL in the query or filter conditions for typos and unbalanced quotes.',
    'Run the query in the warehouse console to see the exact position of the error.',
  ],
  permission_error: [
    'Check that the warehouse role can read the tables in the mapping.',
    'Check that the portal database user can write the destination table.',
  ],
  unknown_error: [
    'Open the job details and read the log for the step that failed.',
    'Retry the sync; if it fails again, send the technical details to support.',
  ],
};

/**
 * Keyword rules, the fallback when the driver's error says nothing: the spec's rules in
 * the spec's order, except that connection comes last. Only connection failures are
 * retried, so a message that also names a table, a column, a syntax or a permission is
 * not waited on for 15 minutes as if the network were down (issue 31).
 */
const RULES: readonly (readonly [TSyncErrorCategory, readonly string[]])[] = [
  ['case_sensitivity_error', ['invalid identifier', 'split']],
  ['syntax_error', ['syntax', 'parsing']],
  ['permission_error', ['permission', 'access']],
  ['schema_error', ['table', 'column', 'not found']],
  ['connection_error', ['connection', 'network', 'timeout']],
];

export type TSyncErrorInfo = {
  category: TSyncErrorCategory;
  suggestions: readonly string[];
};

const infoOf = (category: TSyncErrorCategory): TSyncErrorInfo => ({
  category,
  suggestions: SYNC_ERROR_SUGGESTIONS[category],
});

/**
 * A message as the keyword rules read it: without the statement a driver echoes after
 * 'LINE 1:', and without quoted SQL or quoted identifiers ("timeout_col", 'FORM x').
 */
export const keywordText = (message: string): string =>
  message
    .replace(/\s*(?:LINE \d+:|Warehouse query:)[\s\S]*$/i, '')
    .replace(/'(?:[^'\\]|\\.|'')*'|"(?:[^"]|"")*"|`[^`]*`/g, ' ')
    .toLowerCase();

// The dict-split failure quotes the word it is about: "'dict' object has no attribute 'split'".
const DICT_SPLIT = /has no attribute\s+'split'/i;

const byKeywords = (message: string): TSyncErrorCategory => {
  if (DICT_SPLIT.test(message)) {
    return 'case_sensitivity_error';
  }
  const text = keywordText(message);
  const rule = RULES.find(([, keywords]) => keywords.some((keyword) => text.includes(keyword)));
  return rule ? rule[0] : 'unknown_error';
};

/**
 * Categorises a failure from its message alone (a stored job, the web app). A category
 * the source already knew wins; otherwise the keyword rules read the message without
 * its quoted parts.
 */
export const categoriseSyncError = (message: string, known?: TSyncErrorCategory): TSyncErrorInfo =>
  infoOf(known && known !== 'unknown_error' ? known : byKeywords(message));

// ---------------------------------------------------------------- driver errors

/** DuckDB's error types, the words before ' Error:' at the start of its messages. */
const DUCKDB_TYPES: Record<string, TSyncErrorCategory> = {
  binder: 'schema_error',
  catalog: 'schema_error',
  dependency: 'schema_error',
  parser: 'syntax_error',
  syntax: 'syntax_error',
  permission: 'permission_error',
  io: 'connection_error',
  connection: 'connection_error',
  network: 'connection_error',
  http: 'connection_error',
  // Stopped by a cancel or the time limit: not a connection failure, never retried.
  interrupt: 'unknown_error',
};

/** better-sqlite3's codes; SQLITE_ERROR says nothing more and falls through to the message. */
const SQLITE_CODES: Record<string, TSyncErrorCategory> = {
  SQLITE_AUTH: 'permission_error',
  SQLITE_PERM: 'permission_error',
  SQLITE_READONLY: 'permission_error',
  SQLITE_CANTOPEN: 'connection_error',
  SQLITE_BUSY: 'connection_error',
  SQLITE_LOCKED: 'connection_error',
  SQLITE_NOTADB: 'connection_error',
  SQLITE_SCHEMA: 'schema_error',
};

/** mysql2's codes for MariaDB and MySQL server errors and for its own connection. */
const MYSQL_CODES: Record<string, TSyncErrorCategory> = {
  ER_BAD_FIELD_ERROR: 'schema_error',
  ER_NO_SUCH_TABLE: 'schema_error',
  ER_BAD_TABLE_ERROR: 'schema_error',
  ER_BAD_DB_ERROR: 'schema_error',
  ER_NON_UNIQ_ERROR: 'schema_error',
  ER_WRONG_VALUE_COUNT_ON_ROW: 'schema_error',
  ER_PARSE_ERROR: 'syntax_error',
  ER_SYNTAX_ERROR: 'syntax_error',
  ER_ACCESS_DENIED_ERROR: 'authentication_error',
  ER_DBACCESS_DENIED_ERROR: 'permission_error',
  ER_TABLEACCESS_DENIED_ERROR: 'permission_error',
  ER_COLUMNACCESS_DENIED_ERROR: 'permission_error',
  ER_SPECIFIC_ACCESS_DENIED_ERROR: 'permission_error',
  ER_CON_COUNT_ERROR: 'connection_error',
  ER_SERVER_SHUTDOWN: 'connection_error',
  ER_LOCK_WAIT_TIMEOUT: 'connection_error',
  ER_LOCK_DEADLOCK: 'connection_error',
  PROTOCOL_CONNECTION_LOST: 'connection_error',
  PROTOCOL_SEQUENCE_TIMEOUT: 'connection_error',
  ER_QUERY_INTERRUPTED: 'unknown_error',
  ER_STATEMENT_TIMEOUT: 'unknown_error',
};

/** Node's socket errors, whatever the driver. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/** Snowflake's codes (its SQL and driver error codes); sign-in failures are 390100-390199. */
const SNOWFLAKE_CODES: Record<number, TSyncErrorCategory> = {
  904: 'case_sensitivity_error', // invalid identifier
  1003: 'syntax_error',
  1007: 'syntax_error',
  2003: 'schema_error', // does not exist or not authorized
  2043: 'schema_error',
  3001: 'permission_error', // insufficient privileges
  604: 'unknown_error', // statement cancelled
  630: 'unknown_error', // statement timeout
  401001: 'connection_error', // network error
  401002: 'connection_error', // request failed
  401003: 'connection_error',
};

const SQLSTATES: Record<string, TSyncErrorCategory> = {
  '42601': 'syntax_error',
  '42501': 'permission_error',
  '57014': 'unknown_error', // query_canceled: a cancel or statement_timeout, not the network
  '57P01': 'connection_error',
  '57P02': 'connection_error',
  '57P03': 'connection_error',
  '53300': 'connection_error',
  '40001': 'connection_error',
  '40P01': 'connection_error',
};

const SQLSTATE_CLASSES: Record<string, TSyncErrorCategory> = {
  '42': 'schema_error',
  '08': 'connection_error',
  '28': 'authentication_error',
  '3D': 'schema_error',
  '3F': 'schema_error',
};

/** SQLSTATE (PostgreSQL's code, mysql2's and Snowflake's sqlState): exact, then by class. */
const bySqlState = (state: string): TSyncErrorCategory | undefined =>
  // 42000 is MySQL's and Snowflake's catch-all for syntax and access: it decides nothing.
  state === '42000' ? undefined : (SQLSTATES[state] ?? SQLSTATE_CLASSES[state.slice(0, 2)]);

type TDriverError = {
  code?: unknown;
  sqlState?: unknown;
  category?: unknown;
  cause?: unknown;
  message?: unknown;
};

const DUCKDB_TYPE = /^([A-Za-z ]+?) Error: /;

const byStringCode = (code: string): TSyncErrorCategory | undefined => {
  if (SOCKET_CODES.has(code)) {
    return 'connection_error';
  }
  const known = SQLITE_CODES[code] ?? MYSQL_CODES[code];
  if (known) {
    return known;
  }
  // PostgreSQL: the code is the SQLSTATE (five characters; Snowflake's codes have six digits).
  return /^[0-9A-Z]{5}$/.test(code) ? bySqlState(code) : undefined;
};

/** What the driver's own code, class or SQLSTATE says, or undefined when it says nothing. */
const byDriver = (error: TDriverError): TSyncErrorCategory | undefined => {
  const { code, sqlState } = error;
  const fromCode = typeof code === 'string' ? byStringCode(code) : undefined;
  if (fromCode) {
    return fromCode;
  }
  // Snowflake: a numeric code (sometimes written '002003'), and a sqlState beside it.
  const number = typeof code === 'number' || /^\d{6}$/.test(String(code)) ? Number(code) : NaN;
  if (number >= 390100 && number < 390200) {
    return 'authentication_error';
  }
  const snowflake =
    SNOWFLAKE_CODES[number] ??
    (number >= 250000 && number < 260000 ? 'connection_error' : undefined);
  if (snowflake) {
    return snowflake;
  }
  const fromState = typeof sqlState === 'string' ? bySqlState(sqlState) : undefined;
  if (fromState) {
    return fromState;
  }
  const type = typeof error.message === 'string' ? DUCKDB_TYPE.exec(error.message) : null;
  return type ? DUCKDB_TYPES[type[1]!.toLowerCase()] : undefined;
};

/**
 * Categorises a caught failure (issue 31): a category the source set wins; then the
 * driver's code, class or SQLSTATE (or its cause's, for a wrapped error); then the spec's
 * keyword rules on the message without its quoted parts.
 */
export const categoriseError = (error: unknown): TSyncErrorInfo => {
  const seen = new Set<unknown>();
  for (let current = error; current && typeof current === 'object' && !seen.has(current);) {
    seen.add(current);
    const driver = current as TDriverError;
    const known = SYNC_ERROR_CATEGORIES.find((category) => category === driver.category);
    const category = known && known !== 'unknown_error' ? known : byDriver(driver);
    if (category) {
      return infoOf(category);
    }
    current = driver.cause;
  }
  return infoOf(byKeywords(error instanceof Error ? error.message : String(error)));
};

/** Failures the console sends to the case fixer rather than the error dialog (section 4). */
export const opensCaseFixer = (message: string): boolean =>
  categoriseSyncError(message).category === 'case_sensitivity_error';

// A file path of two or more parts (/srv/portal/data/x.json, C:\data\x), or a URL's path.
const PATH = /(?:[A-Za-z]:)?(?:[\\/][\w.$@~-]+){2,}[\\/]?|(?:[\\/][\w.$@~-]+)+[\\/]\*?/g;
// A quoted stretch that holds SQL: a keyword, a statement separator or a function call.
const QUOTED = /'[^'\n]*'|"[^"\n]*"/g;
const SQL_WORDS =
  /;|\(|\b(select|from|where|join|copy|attach|install|load|pragma|insert|update|delete|drop|create|read_\w+|glob)\b/i;

/**
 * A sync failure as staff other than admins see it: its first line only (the warehouse
 * quotes the statement on the next ones), with file paths and quoted SQL taken out.
 * Admins see the message whole, with its stack trace.
 */
export const redactSyncMessage = (message: string): string =>
  (message.split('\n')[0] ?? '')
    .replace(/\s*(?:LINE \d+:|Warehouse query:).*$/i, '')
    .replace(QUOTED, (quoted) => (SQL_WORDS.test(quoted) ? '[query]' : quoted))
    .replace(PATH, '[path]')
    .trim();

/**
 * Errors that say the database connection is gone or cannot be had right now (a
 * restart, an administrator ending sessions, a network cut, a full server), as
 * opposed to a fault in the query. Such a request may well succeed when tried again,
 * so it is answered 503, not 500.
 */

// SQLSTATE class 08 is "connection exception"; 57P01-57P03 are the server shutting
// down or not yet accepting connections; 53300 is too_many_connections.
const PG_STATES = /^(08...|57P0[123]|53300)$/;

const NODE_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTCONN',
]);

const MYSQL_CODES = new Set([
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_ENQUEUE_AFTER_FATAL_ERROR',
  'PROTOCOL_ENQUEUE_AFTER_QUIT',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
]);

// By number, since mysql2 names no code for MariaDB's own: 1040 too many connections,
// 1053 server shutdown, 1317 query interrupted, 1927 connection killed (the answer to
// a statement whose connection an administrator KILLed), 2006 and 2013 server gone.
const MYSQL_ERRNOS = new Set([1040, 1053, 1317, 1927, 2006, 2013]);

// node-postgres raises these without a code.
const PG_MESSAGES = [
  'Connection terminated',
  'is not queryable',
  'timeout exceeded when trying to connect',
];

const lostHere = (error: object): boolean => {
  const { code, errno, fatal, message } = error as {
    code?: unknown;
    errno?: unknown;
    fatal?: unknown;
    message?: unknown;
  };
  if (
    typeof code === 'string' &&
    (PG_STATES.test(code) || NODE_CODES.has(code) || MYSQL_CODES.has(code))
  ) {
    return true;
  }
  if (typeof errno === 'number' && 'sqlState' in error && MYSQL_ERRNOS.has(errno)) {
    return true;
  }
  // mysql2 marks every error after which the connection is unusable as fatal.
  if (fatal === true) {
    return true;
  }
  return typeof message === 'string' && PG_MESSAGES.some((text) => message.includes(text));
};

/** True when the error (or one it wraps) means the database connection was lost. */
export const isConnectionLost = (error: unknown): boolean => {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    if (lostHere(current)) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
};

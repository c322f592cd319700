import { describe, expect, it } from 'vitest';
import {
  SYNC_ERROR_SUGGESTIONS,
  categoriseError,
  categoriseSyncError,
  opensCaseFixer,
  redactSyncMessage,
} from './sync-errors';

describe('sync error categories', () => {
  it.each([
    [
      "SQL compilation error: error line 1 at position 7 invalid identifier 'patientkey'",
      'case_sensitivity_error',
    ],
    ['not enough values to unpack (expected 2, got 1) after split', 'case_sensitivity_error'],
    ["'dict' object has no attribute 'split'", 'case_sensitivity_error'],
    ['Connection refused by the warehouse', 'connection_error'],
    ['network unreachable', 'connection_error'],
    ['Query timeout after 600 s', 'connection_error'],
    ['Parser Error: syntax error at or near "FORM"', 'syntax_error'],
    ['Error parsing the query', 'syntax_error'],
    ['Permission denied for relation patients', 'permission_error'],
    ['Access denied for user portal', 'permission_error'],
    ['Catalog Error: Table with name PATIENTZ does not exist!', 'schema_error'],
    ['Unknown column "foo" in destination', 'schema_error'],
    ['Object not found', 'schema_error'],
    ['something odd happened', 'unknown_error'],
    // Rule order matters: the case-sensitivity rule comes before the schema rule.
    ['invalid identifier in table PATIENTS', 'case_sensitivity_error'],
    // Connection comes last: a message that names anything else is not retried (issue 31).
    ['column timeout_col not found', 'schema_error'],
    ['network table missing', 'schema_error'],
    // Quoted SQL and identifiers, and the statement after LINE 1:, are not read.
    [
      'Binder Error: Referenced column "timeout_col" not found in FROM clause!\nLINE 1: SELECT timeout_col FROM T',
      'schema_error',
    ],
    ["Error: unexpected 'network_id' near 'timeout'", 'unknown_error'],
  ])('%s -> %s', (message, category) => {
    const info = categoriseSyncError(message);
    expect(info.category).toBe(category);
    expect(info.suggestions).toBe(SYNC_ERROR_SUGGESTIONS[info.category]);
  });

  it('keeps a category the source already knew', () => {
    expect(categoriseSyncError('Incorrect username or password', 'authentication_error')).toEqual({
      category: 'authentication_error',
      suggestions: SYNC_ERROR_SUGGESTIONS.authentication_error,
    });
    expect(categoriseSyncError('table missing', 'unknown_error').category).toBe('schema_error');
  });

  it('sends only case-sensitivity failures to the fixer', () => {
    expect(opensCaseFixer("invalid identifier 'name'")).toBe(true);
    expect(opensCaseFixer('syntax error')).toBe(false);
  });

  it('has advice for every category', () => {
    for (const suggestions of Object.values(SYNC_ERROR_SUGGESTIONS)) {
      expect(suggestions.length).toBeGreaterThan(0);
    }
  });
});

/** A driver's error as it is thrown: its message and the fields the driver sets. */
const thrown = (message: string, fields: Record<string, unknown> = {}) =>
  Object.assign(new Error(message), fields);

describe('categoriseError: the driver decides, then the keywords', () => {
  it.each([
    // DuckDB: the error type before ' Error:'.
    [
      thrown('Binder Error: Referenced column "timeout_col" not found in FROM clause!'),
      'schema_error',
    ],
    [thrown('Catalog Error: Table with name NETWORK_LOG does not exist!'), 'schema_error'],
    [thrown('Parser Error: syntax error at or near "FORM"'), 'syntax_error'],
    [
      thrown('IO Error: Cannot open file "x.duckdb": No such file or directory'),
      'connection_error',
    ],
    [
      thrown('Permission Error: File system LocalFileSystem has been disabled by configuration'),
      'permission_error',
    ],
    // Snowflake, the documented messages with their codes and SQLSTATEs.
    [
      thrown(
        "SQL compilation error: error line 1 at position 7\ninvalid identifier 'PY.PAYORTYPE'",
        { code: '000904', sqlState: '42000' },
      ),
      'case_sensitivity_error',
    ],
    [
      thrown(
        "SQL compilation error:\nObject 'PORTAL.PUBLIC.TIMEOUTS' does not exist or not authorized.",
        { code: '002003', sqlState: '42S02' },
      ),
      'schema_error',
    ],
    [
      thrown("SQL compilation error:\nsyntax error line 1 at position 0 unexpected 'SELEC'.", {
        code: '001003',
        sqlState: '42000',
      }),
      'syntax_error',
    ],
    [
      thrown("SQL access control error:\nInsufficient privileges to operate on table 'PATIENTS'", {
        code: '003001',
        sqlState: '42501',
      }),
      'permission_error',
    ],
    [
      thrown('Incorrect username or password was specified.', { code: 390100, sqlState: '08004' }),
      'authentication_error',
    ],
    [thrown('Network error. Could not reach Snowflake.', { code: 401001 }), 'connection_error'],
    [
      thrown(
        'Statement reached its statement or warehouse timeout of 300 second(s) and was canceled.',
        { code: '000630', sqlState: '57014' },
      ),
      'unknown_error',
    ],
    // SQLSTATE classes and codes of the other drivers.
    [thrown('column "timeout_col" does not exist', { code: '42703' }), 'schema_error'],
    [thrown('canceling statement due to statement timeout', { code: '57014' }), 'unknown_error'],
    [thrown('connection failure', { code: '08006' }), 'connection_error'],
    [
      thrown("Unknown column 'timeout_col' in 'field list'", {
        code: 'ER_BAD_FIELD_ERROR',
        errno: 1054,
        sqlState: '42S22',
      }),
      'schema_error',
    ],
    [thrown('connect ETIMEDOUT', { code: 'ETIMEDOUT' }), 'connection_error'],
    [
      thrown('attempt to write a readonly database', { code: 'SQLITE_READONLY' }),
      'permission_error',
    ],
    // SQLITE_ERROR says nothing: the message without its quotes decides.
    [thrown('no such column: timeout_col', { code: 'SQLITE_ERROR' }), 'schema_error'],
  ])('%s -> %s', (error, category) => {
    expect(categoriseError(error).category).toBe(category);
  });

  it('keeps a category the source set, and reads the cause of a wrapped error', () => {
    expect(categoriseError(thrown('Refused', { category: 'authentication_error' })).category).toBe(
      'authentication_error',
    );
    const cause = thrown('x', { code: 'ECONNREFUSED' });
    expect(categoriseError(new Error('Warehouse failed', { cause })).category).toBe(
      'connection_error',
    );
    expect(categoriseError('a plain string with a syntax error').category).toBe('syntax_error');
  });
});

describe('redactSyncMessage', () => {
  it.each([
    [
      'IO Error: No files found that match the pattern "/srv/portal/data/secrets.json"',
      'IO Error: No files found that match the pattern "[path]"',
    ],
    [
      `Parser Error: syntax error at or near ")"\n\nLINE 1: SELECT 1 AS email) AS a; COPY (SELECT 1) TO '/tmp/x.html'`,
      'Parser Error: syntax error at or near ")"',
    ],
    [
      `Binder Error: Referenced column "x" not found in FROM clause! LINE 1: SELECT x FROM T`,
      'Binder Error: Referenced column "x" not found in FROM clause!',
    ],
    [
      `Conversion Error: Could not convert string 'SELECT password_hash FROM users' to INT32`,
      'Conversion Error: Could not convert string [query] to INT32',
    ],
    [
      'Error: failed at C:\\portal\\data\\warehouse.duckdb while reading',
      'Error: failed at [path] while reading',
    ],
    [
      `SQL compilation error: invalid identifier '"P"."patientkey"'`,
      `SQL compilation error: invalid identifier '"P"."patientkey"'`,
    ],
    ['Sync cancelled by admin@example.com', 'Sync cancelled by admin@example.com'],
    [
      'Some sync jobs failed. Check job history for details. (patients, orders)',
      'Some sync jobs failed. Check job history for details. (patients, orders)',
    ],
  ])('shows staff %j as %j', (message, shown) => {
    expect(redactSyncMessage(message)).toBe(shown);
  });
});

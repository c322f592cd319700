import { describe, expect, it } from 'vitest';
import {
  SYNC_ERROR_SUGGESTIONS,
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
    // And connection before permission.
    ['connection refused: access point down', 'connection_error'],
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

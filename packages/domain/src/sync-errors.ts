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

/** Keyword rules in the spec's order: the first rule that matches decides. */
const RULES: readonly (readonly [TSyncErrorCategory, readonly string[]])[] = [
  ['case_sensitivity_error', ['invalid identifier', 'split']],
  ['connection_error', ['connection', 'network', 'timeout']],
  ['syntax_error', ['syntax', 'parsing']],
  ['permission_error', ['permission', 'access']],
  ['schema_error', ['table', 'column', 'not found']],
];

export type TSyncErrorInfo = {
  category: TSyncErrorCategory;
  suggestions: readonly string[];
};

/**
 * Categorises a sync failure. A category the source already knows (a connector
 * that recognised an authentication failure, say) wins; otherwise the message's
 * keywords decide, as the spec lists them.
 */
export const categoriseSyncError = (
  message: string,
  known?: TSyncErrorCategory,
): TSyncErrorInfo => {
  if (known && known !== 'unknown_error') {
    return { category: known, suggestions: SYNC_ERROR_SUGGESTIONS[known] };
  }
  const text = message.toLowerCase();
  const rule = RULES.find(([, keywords]) => keywords.some((keyword) => text.includes(keyword)));
  const category = rule ? rule[0] : 'unknown_error';
  return { category, suggestions: SYNC_ERROR_SUGGESTIONS[category] };
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

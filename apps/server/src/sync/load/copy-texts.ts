/**
 * Texts PostgreSQL's COPY text format would misread or cut at if they were sent as they
 * are (tests of the encoder and of the loaders on every dialect share them).
 */
export const AWKWARD_TEXTS = [
  '',
  ' ',
  'NULL',
  '\\N',
  '\\',
  'ends with a backslash\\',
  'tab\there',
  'line\nbreak',
  'carriage\rreturn\r\n',
  'back\\slash \\t not a tab',
  'bell \u0007 escape \u001b vertical \u000b form \f backspace \b',
  'Zoë 😀 日本 e\u0301',
] as const;

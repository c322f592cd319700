/**
 * Text inputs refuse characters no database stores faithfully: NUL (PostgreSQL refuses
 * it in text and the request failed with a 500), lone UTF-16 surrogates (they have no
 * UTF-8 form, so MariaDB and PostgreSQL refuse or alter them), and the C0 control
 * characters, which no form can type. Tab, line feed and carriage return stay allowed
 * in free text; single-line fields refuse line breaks too.
 */
export const TEXT_MESSAGES = {
  invalidCharacters: 'Must not contain control characters or invalid Unicode',
} as const;

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
const LINE_BREAK = /[\n\r]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether the text holds a character ZText refuses. */
export const hasInvalidCharacters = (value: string, options: { singleLine?: boolean } = {}) =>
  CONTROL.test(value) ||
  LONE_SURROGATE.test(value) ||
  (options.singleLine === true && LINE_BREAK.test(value));

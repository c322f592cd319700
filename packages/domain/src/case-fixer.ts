import type { TMappingInput } from './sync-mapping';

/**
 * The Case Sensitivity Fixer's rules (staff-tools.md section 5). The warehouse's names
 * are upper case and the engine quotes identifiers exactly as written, so Snowflake
 * refuses `"P"."patientkey"` with 'invalid identifier'. The fixer flags, and fixes:
 * - join sides and column sources naming a key column not in upper case;
 * - filters that write the latest or deleted flag in lower case;
 * and warns (without a fix) about column sources that are objects rather than names.
 * Given the failure's message, it also flags every identifier the warehouse named as
 * invalid ('"PY"."payortype"'), key column or not (issue 31).
 */

/** Key columns: the entity keys, names and the two row-version flags. */
const KEY_COLUMN =
  /^(?:[a-z_]*(?:document|patient|person|address|state|item|salesorder|sales_order|user|payor|company)_?key|[a-z_]*name|islatest|is_latest|isdeleted|is_deleted)$/i;

const FLAG_WORD = /\b(islatest|isdeleted|is_latest|is_deleted)\b/gi;

export type TCaseIssue = {
  mappingIndex: number;
  mysqlTable: string;
  /** Where in the mapping, in words: 'join PERSONS, condition 1, right side'. */
  location: string;
  kind: 'join_side' | 'column_source' | 'filter' | 'object_source';
  severity: 'error' | 'warning';
  before: string;
  /** The corrected text; null for a warning the fixer cannot correct. */
  after: string | null;
};

export type TCaseFixResult = {
  issues: TCaseIssue[];
  /** The mappings with every fix applied (unchanged where nothing was found). */
  fixed: TMappingInput[];
};

/** An identifier the warehouse refused: its column, and the alias it was qualified by. */
export type TNamedIdentifier = { alias: string | undefined; column: string };

const QUOTED_PART = /"((?:[^"]|"")+)"|([^."]+)/g;

/**
 * The identifiers a failure names as invalid: Snowflake's (and the demo warehouse's)
 * `invalid identifier '"PY"."payortype"'` or `invalid identifier 'PY.PAYORTYPE'`.
 */
export const namedIdentifiers = (error: string | undefined): TNamedIdentifier[] =>
  [...(error ?? '').matchAll(/invalid identifier\s+'((?:[^']|'')+)'/gi)].flatMap(([, text]) => {
    const parts = [...(text ?? '').replaceAll("''", "'").matchAll(QUOTED_PART)].map(
      ([, quoted, plain]) => (quoted ?? plain ?? '').replaceAll('""', '"').trim(),
    );
    const column = parts.at(-1);
    return column ? [{ alias: parts.at(-2), column }] : [];
  });

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Whether a reference (alias.column or column) is one the failure named, as written. */
const isNamed = (alias: string | undefined, column: string, named: readonly TNamedIdentifier[]) =>
  named.some(
    (name) =>
      sameName(name.column, column) &&
      (name.alias === undefined || alias === undefined || sameName(name.alias, alias)),
  );

/**
 * A column reference's last part in upper case when it names a key column or an
 * identifier the failure named.
 */
export const fixColumnRef = (ref: string, named: readonly TNamedIdentifier[] = []): string => {
  const parts = ref.split('.');
  const column = parts.at(-1) ?? '';
  const alias = parts.length > 1 ? parts.at(-2) : undefined;
  if (
    column === column.toUpperCase() ||
    !(KEY_COLUMN.test(column) || isNamed(alias, column, named))
  ) {
    return ref;
  }
  return [...parts.slice(0, -1), column.toUpperCase()].join('.');
};

/**
 * A SQL condition with the latest and deleted flags, and the identifiers the failure
 * named, in upper case; string literals are left as written.
 */
export const fixFilterFlags = (condition: string, named: readonly TNamedIdentifier[] = []) =>
  condition
    .split(/('(?:[^']|'')*')/)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part
            .replace(FLAG_WORD, (word) => word.toUpperCase())
            .replace(
              /\b(?:([A-Za-z_][\w$]*)\.)?([A-Za-z_][\w$]*)\b/g,
              (ref: string, alias: string | undefined, column: string) =>
                isNamed(alias, column, named)
                  ? `${alias === undefined ? '' : `${alias}.`}${column.toUpperCase()}`
                  : ref,
            ),
    )
    .join('');

// JSON.stringify answers undefined for undefined, whatever its declared type says.
const describe = (value: unknown): string =>
  value === undefined ? 'undefined' : JSON.stringify(value);

type TLooseOperation = Record<string, unknown> & { type?: unknown };

const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

type TCollect = ((issue: Omit<TCaseIssue, 'mappingIndex' | 'mysqlTable'>) => void) & {
  named: readonly TNamedIdentifier[];
};

const fixRef = (ref: unknown, location: string, kind: TCaseIssue['kind'], add: TCollect) => {
  if (typeof ref !== 'string') {
    return ref;
  }
  const after = fixColumnRef(ref, add.named);
  if (after !== ref) {
    add({ location, kind, severity: 'error', before: ref, after });
  }
  return after;
};

const fixFilter = (condition: unknown, location: string, add: TCollect) => {
  if (typeof condition !== 'string') {
    return condition;
  }
  const after = fixFilterFlags(condition, add.named);
  if (after !== condition) {
    add({ location, kind: 'filter', severity: 'error', before: condition, after });
  }
  return after;
};

const fixJoin = (operation: TLooseOperation, add: TCollect): TLooseOperation => {
  const table = typeof operation.table === 'string' ? operation.table : 'table';
  const conditions = Array.isArray(operation.conditions) ? operation.conditions : [];
  return {
    ...operation,
    conditions: conditions.map((raw: unknown, index) => {
      const condition = asRecord(raw);
      if (!condition) {
        return raw;
      }
      const place = `join ${table}, condition ${index + 1}`;
      return {
        ...condition,
        left: fixRef(condition.left, `${place}, left side`, 'join_side', add),
        right: fixRef(condition.right, `${place}, right side`, 'join_side', add),
        ...(condition.filter === undefined
          ? {}
          : { filter: fixFilter(condition.filter, `${place}, filter`, add) }),
      };
    }),
  };
};

const fixSelect = (operation: TLooseOperation, add: TCollect): TLooseOperation => {
  const columns = Array.isArray(operation.columns) ? operation.columns : [];
  return {
    ...operation,
    columns: columns.map((raw: unknown) => {
      const column = asRecord(raw);
      if (!column) {
        return raw;
      }
      const place = `column ${typeof column.target === 'string' ? column.target : '?'}`;
      const source = column.source;
      if (Array.isArray(source)) {
        return {
          ...column,
          source: source.map((part: unknown) =>
            fixRef(part, `${place}, source`, 'column_source', add),
          ),
        };
      }
      if (typeof source !== 'string') {
        add({
          location: `${place}, source`,
          kind: 'object_source',
          severity: 'warning',
          before: describe(source),
          after: null,
        });
        return column;
      }
      return { ...column, source: fixRef(source, `${place}, source`, 'column_source', add) };
    }),
  };
};

const fixOperation = (raw: unknown, add: TCollect): unknown => {
  const operation: TLooseOperation | undefined = asRecord(raw);
  switch (operation?.type) {
    case 'join':
      return fixJoin(operation, add);
    case 'select':
      return fixSelect(operation, add);
    case 'filter':
      return { ...operation, condition: fixFilter(operation.condition, 'filter', add) };
    default:
      return raw;
  }
};

/**
 * Every issue of every mapping, and the mappings as they read once fixed. With the
 * failure's message, identifiers it names as invalid are flagged wherever they appear.
 */
export const findCaseIssues = (
  mappings: readonly TMappingInput[],
  options: { error?: string | undefined } = {},
): TCaseFixResult => {
  const issues: TCaseIssue[] = [];
  const named = namedIdentifiers(options.error);
  const fixed = mappings.map((mapping, mappingIndex) => {
    if (!Array.isArray(mapping.operations)) {
      return mapping;
    }
    const add: TCollect = Object.assign(
      (issue: Omit<TCaseIssue, 'mappingIndex' | 'mysqlTable'>) => {
        issues.push({ ...issue, mappingIndex, mysqlTable: mapping.mysql_table });
      },
      { named },
    );
    return {
      ...mapping,
      operations: mapping.operations.map((operation) =>
        fixOperation(operation, add),
      ) as TMappingInput['operations'],
    };
  });
  return { issues, fixed };
};

import { z } from 'zod';
import { destinationRefused, isSyncDestination } from './sync-destinations';

/**
 * Sync mappings (staff-tools.md sections 3 and 5): how one portal table is filled
 * from the warehouse. The server compiles them to SQL; the console edits them.
 */

export const MAPPING_TYPES = ['snowpark_dataframe', 'raw_query', 'sql_query'] as const;
export type TMappingType = (typeof MAPPING_TYPES)[number];

/** The spec's validation messages, kept in one place so server and console agree. */
export const MAPPING_MESSAGES = {
  tableRequired: 'mysql_table is required',
  typeRequired: 'type is required',
  operationsArray: 'Operations must be an array of dataframe operations',
  operationsEmpty: 'Operations array cannot be empty for a snowpark_dataframe mapping',
  baseTableRequired: 'Base table operation is required, with a non-blank table name',
  queryRequired: 'Query is required for raw_query and sql_query mappings',
  unsupportedType: 'Unsupported mapping type',
  keyColumnsRequired: 'key_columns are required when use_upsert is set',
  incrementalNeedsUpsert:
    'An incremental mapping must set use_upsert with key_columns, and not truncate_first: its runs update rows by their keys',
  incrementalNeedsDataframe:
    'An incremental mapping must be a snowpark_dataframe mapping whose last operation is its only select, so its cursor can be added as a filter',
  oneStatement:
    'A sync query must be exactly one SELECT statement: no second statement, and nothing that writes, copies, attaches or installs',
} as const;

// Warehouse names: TABLE, SCHEMA.TABLE or DB.SCHEMA.TABLE; columns optionally qualified by alias.
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_$]*$/;
const PATH = /^[A-Za-z_][A-Za-z0-9_$]*(\.[A-Za-z_][A-Za-z0-9_$]*){0,2}$/;

const ZIdentifier = z.string().trim().regex(IDENTIFIER, 'must be a plain identifier');
const ZPath = z.string().trim().regex(PATH, 'must be a name, optionally qualified with dots');

export const ZColumnSource = z.union([z.string().trim().regex(PATH), z.array(ZPath).min(1)], {
  error: 'Column source must be a column name or a list of column names',
});

export const ZSelectColumn = z.object({
  /** A list means the first non-null of those columns (COALESCE). */
  source: ZColumnSource,
  /** The portal column it lands in. */
  target: ZIdentifier,
});

export const ZBaseTableOperation = z.object({
  type: z.literal('base_table'),
  table: ZPath,
  alias: ZIdentifier.optional(),
});

export const ZJoinCondition = z.object({
  /** A column of the rows so far; unqualified means the base table's. */
  left: ZPath,
  /** A column of the joined table; unqualified means the joined table's. */
  right: ZPath,
  /** Extra SQL predicate on the joined table, applied in the ON clause (e.g. its latest flag). */
  filter: z.string().trim().min(1).optional(),
});

export const ZJoinOperation = z.object({
  type: z.literal('join'),
  table: ZPath,
  alias: ZIdentifier.optional(),
  how: z.enum(['inner', 'left']).default('left'),
  conditions: z.array(ZJoinCondition).min(1),
});

export const ZSelectOperation = z.object({
  type: z.literal('select'),
  columns: z.array(ZSelectColumn).min(1),
});

export const ZFilterOperation = z.object({
  type: z.literal('filter'),
  /** A SQL predicate in the warehouse's dialect. */
  condition: z.string().trim().min(1),
});

export const ZOperation = z.discriminatedUnion('type', [
  ZBaseTableOperation,
  ZJoinOperation,
  ZSelectOperation,
  ZFilterOperation,
]);

/**
 * Incremental runs (issue 33): only warehouse rows whose cursor passed the last committed
 * high-water mark are read. cursor_column names the modification time of every table the
 * mapping reads (a list means the latest of them), e.g. ['SO.LASTMODIFIED', 'SC.LASTMODIFIED'].
 */
export const ZIncremental = z.object({
  cursor_column: z.union([ZPath, z.array(ZPath).min(1)], {
    error: 'cursor_column must be a column name or a list of column names',
  }),
  /** Every run reloads the whole table and reconciles it, then sets the mark (a nightly reload). */
  full_reload: z.boolean().optional(),
});
export type TIncremental = z.infer<typeof ZIncremental>;

export const ZMapping = z.object({
  mysql_table: ZIdentifier,
  type: z.enum(MAPPING_TYPES),
  description: z.string().optional(),
  operations: z.array(ZOperation).optional(),
  query: z.string().optional(),
  truncate_first: z.boolean().default(false),
  use_upsert: z.boolean().default(false),
  key_columns: z.array(ZIdentifier).default([]),
  incremental: ZIncremental.optional(),
});

export type TOperation = z.infer<typeof ZOperation>;
export type TSelectColumn = z.infer<typeof ZSelectColumn>;
export type TMapping = z.infer<typeof ZMapping>;
export type TMappingInput = z.input<typeof ZMapping>;

export const ZSyncGroup = z.object({
  id: ZIdentifier,
  name: z.string().trim().min(1),
  description: z.string().default(''),
  mappings: z.array(ZMapping),
  isDefault: z.boolean().default(false),
});
export type TSyncGroup = z.infer<typeof ZSyncGroup>;

export type TMappingValidation =
  { ok: true; mapping: TMapping } | { ok: false; errors: [string, ...string[]] };

const isBlank = (value: unknown): boolean => typeof value !== 'string' || value.trim() === '';

/** The spec's checks, in its order, before the structural ones; the first failure wins. */
const specError = (raw: Record<string, unknown>): string | undefined => {
  if (isBlank(raw.mysql_table)) {
    return MAPPING_MESSAGES.tableRequired;
  }
  if (isBlank(raw.type)) {
    return MAPPING_MESSAGES.typeRequired;
  }
  if (raw.type === 'snowpark_dataframe') {
    const operations = raw.operations;
    if (!Array.isArray(operations)) {
      return MAPPING_MESSAGES.operationsArray;
    }
    if (operations.length === 0) {
      return MAPPING_MESSAGES.operationsEmpty;
    }
    const base = operations.find(
      (operation: unknown) =>
        typeof operation === 'object' &&
        operation !== null &&
        (operation as { type?: unknown }).type === 'base_table',
    ) as { table?: unknown } | undefined;
    if (!base || isBlank(base.table)) {
      return MAPPING_MESSAGES.baseTableRequired;
    }
    return undefined;
  }
  if (raw.type === 'raw_query' || raw.type === 'sql_query') {
    return isBlank(raw.query) ? MAPPING_MESSAGES.queryRequired : undefined;
  }
  return `${MAPPING_MESSAGES.unsupportedType}: ${String(raw.type)}`;
};

/** Why an incremental mapping cannot run incrementally, if it cannot. */
const incrementalProblem = (mapping: TMapping): string | undefined => {
  if (!mapping.use_upsert || mapping.key_columns.length === 0 || mapping.truncate_first) {
    return MAPPING_MESSAGES.incrementalNeedsUpsert;
  }
  const operations = mapping.operations ?? [];
  const selects = operations.filter((operation) => operation.type === 'select');
  if (
    mapping.type !== 'snowpark_dataframe' ||
    selects.length !== 1 ||
    operations.at(-1)?.type !== 'select'
  ) {
    return MAPPING_MESSAGES.incrementalNeedsDataframe;
  }
  return undefined;
};

/** Validates a mapping as sync start does; errors are messages a person can act on. */
export const validateMapping = (input: unknown): TMappingValidation => {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { ok: false, errors: [MAPPING_MESSAGES.tableRequired] };
  }
  const early = specError(input as Record<string, unknown>);
  if (early) {
    return { ok: false, errors: [early] };
  }
  const table = (input as { mysql_table: string }).mysql_table.trim();
  if (!isSyncDestination(table)) {
    return { ok: false, errors: [destinationRefused(table)] };
  }
  const parsed = ZMapping.safeParse(input);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) =>
      issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
    );
    return { ok: false, errors: errors as [string, ...string[]] };
  }
  const mapping = parsed.data;
  const bases = (mapping.operations ?? []).filter((operation) => operation.type === 'base_table');
  if (mapping.type === 'snowpark_dataframe' && bases.length > 1) {
    return { ok: false, errors: ['Only one base_table operation is allowed'] };
  }
  if (mapping.use_upsert && mapping.key_columns.length === 0) {
    return { ok: false, errors: [MAPPING_MESSAGES.keyColumnsRequired] };
  }
  const incrementalError = mapping.incremental ? incrementalProblem(mapping) : undefined;
  if (incrementalError) {
    return { ok: false, errors: [incrementalError] };
  }
  return { ok: true, mapping };
};

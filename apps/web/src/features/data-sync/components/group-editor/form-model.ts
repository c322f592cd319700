import type { TSaveGroupBody } from '@portal/domain/data-sync-api';
import type { TMappingInput, TOperation } from '@portal/domain/sync-mapping';

/**
 * The group editor's form, and how it turns into the mapping JSON the server validates
 * (and back). Every list item carries a `key` of its own so React keeps each row's
 * inputs (and their focus) when rows are removed or moved.
 */

export type TJoinCondition = { key: string; left: string; right: string; filter: string };

export type TJoinForm = {
  key: string;
  table: string;
  alias: string;
  how: 'inner' | 'left';
  conditions: TJoinCondition[];
};

/** One output column: the first non-null of `sources` (usually one) lands in `target`. */
export type TColumnForm = { key: string; sources: string[]; target: string };

export type TFilterForm = { key: string; condition: string };

/**
 * 'builder' edits base table, joins, filters and columns; 'query' a SQL text; 'json' keeps
 * operations the builder cannot show faithfully (a second select, a join after a select)
 * as JSON text, so opening and saving a group never changes what it does.
 */
export type TMappingKind = 'builder' | 'query' | 'json';

export type TMappingForm = {
  key: string;
  mysqlTable: string;
  description: string;
  kind: TMappingKind;
  /** The type a query mapping is saved with: raw_query and sql_query run the same way. */
  queryType: 'raw_query' | 'sql_query';
  baseTable: string;
  baseAlias: string;
  joins: TJoinForm[];
  filters: TFilterForm[];
  columns: TColumnForm[];
  query: string;
  operationsJson: string;
  keyColumns: string[];
  truncateFirst: boolean;
  useUpsert: boolean;
};

export type TGroupForm = {
  id: string;
  name: string;
  description: string;
  mappings: TMappingForm[];
};

let counter = 0;
/** A key unique in this page's life, for list rows. */
export const newKey = () => {
  counter += 1;
  return `k${counter}`;
};

export const emptyCondition = (): TJoinCondition => ({
  key: newKey(),
  left: '',
  right: '',
  filter: '',
});

export const emptyJoin = (): TJoinForm => ({
  key: newKey(),
  table: '',
  alias: '',
  how: 'left',
  conditions: [emptyCondition()],
});

export const emptyColumn = (source = '', target = ''): TColumnForm => ({
  key: newKey(),
  sources: [source],
  target,
});

export const emptyFilter = (): TFilterForm => ({ key: newKey(), condition: '' });

export const emptyMapping = (): TMappingForm => ({
  key: newKey(),
  mysqlTable: '',
  description: '',
  kind: 'builder',
  queryType: 'sql_query',
  baseTable: '',
  baseAlias: '',
  joins: [],
  filters: [],
  columns: [],
  query: '',
  operationsJson: '',
  keyColumns: [],
  truncateFirst: false,
  useUpsert: false,
});

/** The last part of a dotted name: the alias a table gets when it is given none. */
export const lastPart = (path: string) => path.split('.').at(-1) ?? path;

/** Where the builder can show a mapping's operations as they are: one base, one final select. */
const fitsBuilder = (operations: readonly TOperation[]) => {
  const bases = operations.filter((operation) => operation.type === 'base_table');
  const selects = operations.filter((operation) => operation.type === 'select');
  const selectAt = operations.findIndex((operation) => operation.type === 'select');
  return (
    bases.length === 1 &&
    selects.length <= 1 &&
    (selectAt < 0 || selectAt === operations.length - 1)
  );
};

const sourcesOf = (source: string | string[]) => (Array.isArray(source) ? [...source] : [source]);

/** A saved mapping as the form holds it. */
export const mappingToForm = (mapping: TMappingInput): TMappingForm => {
  const form: TMappingForm = {
    ...emptyMapping(),
    mysqlTable: mapping.mysql_table,
    description: mapping.description ?? '',
    keyColumns: [...(mapping.key_columns ?? [])],
    truncateFirst: mapping.truncate_first ?? false,
    useUpsert: mapping.use_upsert ?? false,
  };
  if (mapping.type === 'raw_query' || mapping.type === 'sql_query') {
    return { ...form, kind: 'query', queryType: mapping.type, query: mapping.query ?? '' };
  }
  const operations = (mapping.operations ?? []) as TOperation[];
  if (!fitsBuilder(operations)) {
    return { ...form, kind: 'json', operationsJson: JSON.stringify(operations, null, 2) };
  }
  for (const operation of operations) {
    if (operation.type === 'base_table') {
      form.baseTable = operation.table;
      form.baseAlias = operation.alias ?? '';
    } else if (operation.type === 'join') {
      form.joins.push({
        key: newKey(),
        table: operation.table,
        alias: operation.alias ?? '',
        how: operation.how,
        conditions: operation.conditions.map((condition) => ({
          key: newKey(),
          left: condition.left,
          right: condition.right,
          filter: condition.filter ?? '',
        })),
      });
    } else if (operation.type === 'filter') {
      form.filters.push({ key: newKey(), condition: operation.condition });
    } else {
      form.columns = operation.columns.map((column) => ({
        key: newKey(),
        sources: sourcesOf(column.source),
        target: column.target,
      }));
    }
  }
  return form;
};

const trimmed = (text: string) => text.trim();

/** An optional text: left out when blank. */
const optional = <K extends string>(key: K, text: string): Partial<Record<K, string>> =>
  text.trim() === '' ? {} : ({ [key]: text.trim() } as Record<K, string>);

const builderOperations = (form: TMappingForm): unknown[] => {
  const columns = form.columns
    .map((column) => ({
      sources: column.sources.map(trimmed).filter(Boolean),
      target: column.target.trim(),
    }))
    .filter((column) => column.sources.length > 0 || column.target !== '')
    .map((column) => ({
      source: column.sources.length === 1 ? column.sources[0]! : column.sources,
      target: column.target,
    }));
  return [
    { type: 'base_table', table: form.baseTable.trim(), ...optional('alias', form.baseAlias) },
    ...form.joins.map((join) => ({
      type: 'join',
      table: join.table.trim(),
      ...optional('alias', join.alias),
      how: join.how,
      conditions: join.conditions.map((condition) => ({
        left: condition.left.trim(),
        right: condition.right.trim(),
        ...optional('filter', condition.filter),
      })),
    })),
    ...form.filters
      .filter((filter) => filter.condition.trim() !== '')
      .map((filter) => ({ type: 'filter', condition: filter.condition.trim() })),
    // No columns: every column of the rows (SELECT *).
    ...(columns.length > 0 ? [{ type: 'select', columns }] : []),
  ];
};

/** Operations typed as JSON; what does not parse is sent as text for the server to refuse. */
const parsedOperations = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/** The columns a mapping's key may be chosen from: its targets, else the destination's. */
export const keyChoices = (form: TMappingForm, destinationColumns: readonly string[]) => {
  const targets = [...new Set(form.columns.map((column) => column.target.trim()).filter(Boolean))];
  return form.kind === 'builder' && targets.length > 0 ? targets : [...destinationColumns];
};

/** The mapping JSON the form stands for, as the server validates it. */
export const formToMapping = (form: TMappingForm): TMappingInput => {
  const targets = form.columns.map((column) => column.target.trim()).filter(Boolean);
  const common = {
    mysql_table: form.mysqlTable.trim(),
    ...optional('description', form.description),
    truncate_first: form.truncateFirst,
    use_upsert: form.useUpsert,
    key_columns: [...new Set(form.keyColumns.map(trimmed).filter(Boolean))].filter(
      // A key no column fills any more (its row was removed) is left out.
      (key) => form.kind !== 'builder' || targets.length === 0 || targets.includes(key),
    ),
  };
  if (form.kind === 'query') {
    return { ...common, type: form.queryType, query: form.query };
  }
  const operations =
    form.kind === 'json' ? parsedOperations(form.operationsJson) : builderOperations(form);
  return { ...common, type: 'snowpark_dataframe', operations } as TMappingInput;
};

/** A group id from its name: 'Nightly payors (v2)' → 'nightly_payors_v2'. */
export const idFromName = (name: string) => {
  const id = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60)
    .replace(/_+$/, '');
  return /^[0-9]/.test(id) ? `g_${id}` : id;
};

/** Group ids are plain identifiers (the server's rule, said in its words). */
export const GROUP_ID_PATTERN = /^[A-Za-z_][A-Za-z0-9_$]*$/;

/** A group as saved: what the editor opens on. */
type TSavedGroup = {
  id: string;
  name: string;
  description: string;
  mappings: readonly TMappingInput[];
};

export const newGroupForm = (): TGroupForm => ({
  id: '',
  name: '',
  description: '',
  mappings: [emptyMapping()],
});

export const groupToForm = (group: TSavedGroup): TGroupForm => ({
  id: group.id,
  name: group.name,
  description: group.description,
  mappings: group.mappings.map(mappingToForm),
});

/** Duplicate: the same mappings under 'Copy of <name>' and '<id>_copy', saved as a new group. */
export const duplicateForm = (group: TSavedGroup): TGroupForm => ({
  ...groupToForm(group),
  id: `${group.id}_copy`.slice(0, 64),
  name: `Copy of ${group.name}`,
});

export const formToBody = (form: TGroupForm, { create }: { create: boolean }): TSaveGroupBody => ({
  group: {
    id: form.id.trim(),
    name: form.name.trim(),
    description: form.description.trim(),
    mappings: form.mappings.map(formToMapping),
  },
  create,
});

/** A list with one item moved by `by` places (−1 up, +1 down); unchanged at either end. */
export const moved = <T>(items: readonly T[], index: number, by: -1 | 1): T[] => {
  const to = index + by;
  if (to < 0 || to >= items.length) {
    return [...items];
  }
  const next = [...items];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
};

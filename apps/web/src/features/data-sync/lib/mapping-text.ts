import type { TMappingInput } from '@portal/domain/sync-mapping';

/** One step of a mapping in words, with its column lines for a select. */
export type TMappingStep = { text: string; items?: string[] };

type TOperationInput = NonNullable<TMappingInput['operations']>[number];

const named = (table: string, alias: string | undefined) =>
  alias ? `${table} (as ${alias})` : table;

const sourceText = (source: unknown) =>
  Array.isArray(source)
    ? `first value of ${source.map(String).join(', ')}`
    : typeof source === 'string'
      ? source
      : JSON.stringify(source);

const stepOf = (operation: TOperationInput): TMappingStep => {
  switch (operation.type) {
    case 'base_table':
      return { text: `Start from ${named(operation.table, operation.alias)}` };
    case 'join': {
      const on = operation.conditions
        .map((condition) =>
          condition.filter
            ? `${condition.left} = ${condition.right} and ${condition.filter}`
            : `${condition.left} = ${condition.right}`,
        )
        .join('; ');
      const only = operation.how === 'inner' ? ', keeping only rows that match' : '';
      return { text: `Look up ${named(operation.table, operation.alias)} where ${on}${only}` };
    }
    case 'select':
      return {
        text: `Copy ${operation.columns.length} ${operation.columns.length === 1 ? 'column' : 'columns'}`,
        items: operation.columns.map((column) => `${sourceText(column.source)} → ${column.target}`),
      };
    case 'filter':
      return { text: `Keep rows where ${operation.condition}` };
  }
};

/** What the mapping does to its table, in words. */
export const loadText = (mapping: TMappingInput) =>
  mapping.use_upsert
    ? `Updates rows by ${(mapping.key_columns ?? []).join(', ')}, adds new ones`
    : mapping.truncate_first
      ? 'Replaces the whole table'
      : 'Adds rows';

export const mappingTypeText = (mapping: TMappingInput) =>
  mapping.type === 'snowpark_dataframe' ? 'Built from warehouse tables' : 'SQL query';

/**
 * A mapping's steps in words, for the fixer's Compare Mappings tab: its operations in order
 * (a select's columns as 'SOURCE → target'), or its query as one step.
 */
export const mappingSteps = (mapping: TMappingInput): TMappingStep[] =>
  mapping.type === 'snowpark_dataframe'
    ? (mapping.operations ?? []).map(stepOf)
    : [{ text: `Run: ${mapping.query ?? ''}` }];

import { DEFAULT_MAPPINGS } from '../sync/default-groups';

type TSchema = Record<string, unknown>;

/** A job, schedule or document id as the portal makes them. */
const UUID = '3f0c2a9e-8d3b-4b7a-9a51-2f6d1c0e7b42';

/**
 * Examples by parameter name, shaped like the demo warehouse's keys (tools/warehouse):
 * payors from 7001, patients from 100001, orders SO1000001 on.
 */
const BY_NAME: Record<string, unknown> = {
  payor_key: '7001',
  patient_key: '100001',
  so_number: 'SO1000001',
  group_id: 'default_full_sync',
  doc_id: 1,
  email: 'case_manager@example.com',
  password: 'Example-Pass-1!',
  new_password: 'Example-Pass-2!',
  current_password: 'Example-Pass-1!',
  mysql_table: 'payors',
  query: 'SELECT PAYORKEY AS payor_key FROM PAYORS',
  digest_time: '08:00',
  time_zone: 'America/New_York',
};

/** An id names a sync group under /sync-groups, a classification under /so-classifications. */
const idExample = (path: string) => {
  if (path.includes('/sync-groups/')) {
    return 'default_full_sync';
  }
  if (path.includes('/so-classifications/')) {
    return '1';
  }
  if (path.includes('/profile/sessions/')) {
    return 'c2Vzc2lvbi1leGFtcGxlMQ';
  }
  if (
    path.includes('/notifications/') ||
    path.includes('/profile/factors/') ||
    path.includes('/admin/mfa/users/')
  ) {
    return 1;
  }
  return UUID;
};

/** Strings tried, in order, against a string schema's pattern and lengths. */
const STRING_CANDIDATES = ['example', '2026-01-15', '7001', 'SO1000001', UUID, '08:00', 'a'];

const accepts = (schema: TSchema, text: string) =>
  text.length >= Number(schema.minLength ?? 0) &&
  text.length <= Number(schema.maxLength ?? Infinity) &&
  (typeof schema.pattern !== 'string' || new RegExp(schema.pattern, 'u').test(text));

/** A value the schema accepts, for a parameter no table names. */
const fromSchema = (schema: TSchema): unknown => {
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    return schema.enum[0];
  }
  if (schema.default !== undefined) {
    return schema.default;
  }
  switch (schema.type) {
    case 'integer':
    case 'number':
      return Math.max(Number(schema.minimum ?? 1), 1);
    case 'boolean':
      return true;
    case 'array':
      return [fromSchema((schema.items as TSchema | undefined) ?? {})];
    default:
      break;
  }
  switch (schema.format) {
    case 'uuid':
      return UUID;
    case 'date':
      return '2026-01-15';
    case 'date-time':
      return '2026-01-15T09:30:00.000Z';
    case 'email':
      return 'case_manager@example.com';
    default:
      return STRING_CANDIDATES.find((text) => accepts(schema, text)) ?? 'example';
  }
};

/** The example a path or query parameter is documented with. */
export const exampleFor = (path: string, name: string, schema: TSchema): unknown => {
  if (name === 'id' || name === 'key') {
    return idExample(path);
  }
  return name in BY_NAME ? BY_NAME[name] : fromSchema(schema);
};

/** A sync mapping (the console's bodies take them as free-form JSON, checked by the service). */
const MAPPING = {
  mysql_table: 'payors',
  type: 'sql_query',
  query: 'SELECT PAYORKEY AS payor_key FROM PAYORS',
  digest_time: '08:00',
  time_zone: 'America/New_York',
};

const PAYORS = DEFAULT_MAPPINGS.payors!;

/** The default payors mapping's rows as one warehouse query (sync/default-groups.ts). */
const PAYORS_QUERY = [
  'SELECT PY.PAYORKEY AS payor_key, C.COMPANYKEY AS company_key, C.NAME AS company_name,',
  'PY.PAYORTYPE AS payor_type FROM PAYORS PY',
  'JOIN COMPANIES C ON C.COMPANYKEY = PY.COMPANYKEY AND C.ISLATEST = TRUE AND C.ISDELETED = FALSE',
  'WHERE PY.ISLATEST = TRUE AND PY.ISDELETED = FALSE',
].join(' ');

/**
 * Bodies by path whose schema cannot make a useful example: the snowpark runs take their
 * mapping fields as unknown (the service checks them, data-sync-api.ts), so each gets the
 * default payors mapping, which runs on the demo warehouse; the preferences update needs
 * one field, and classification 1 is the demo's first.
 */
const BODY_EXAMPLES: Record<string, unknown> = {
  '/api/data-sync/snowpark/enhanced-dataframe-operations': {
    mysql_table: PAYORS.mysql_table,
    operations: PAYORS.operations,
    truncate_first: true,
  },
  '/api/data-sync/snowpark/sync-query': {
    mysql_table: 'payors',
    query: PAYORS_QUERY,
    use_upsert: true,
    key_columns: ['payor_key'],
  },
  '/api/preferences': { so_classifications: ['1'] },
};

/**
 * Optional properties an example still carries: the API asks for the current password
 * whenever it changes a password or an email, which is what the examples do.
 */
const ALWAYS_SHOWN = ['current_password'];

/** The first branch of a union that is not null. */
const firstBranch = (branches: TSchema[]) =>
  branches.find((branch) => branch.type !== 'null') ?? branches[0] ?? {};

const numberIn = (schema: TSchema) => {
  const low = Number(schema.minimum ?? (schema.exclusiveMinimum as number | undefined) ?? 1);
  const value =
    schema.exclusiveMinimum !== undefined && low === schema.exclusiveMinimum ? low + 1 : low;
  return Math.min(Math.max(value, 1), Number(schema.maximum ?? Infinity));
};

/**
 * A JSON value the schema accepts, for a request body's example: an object's required
 * properties (named values where the name says what it is), a list of one item, the first
 * option of a choice.
 */
export const exampleOf = (schema: TSchema, name = ''): unknown => {
  if (schema.example !== undefined) {
    return schema.example;
  }
  if (schema.type === undefined && (name === 'mapping' || name === 'mappings')) {
    return MAPPING;
  }
  if (schema.const !== undefined) {
    return schema.const;
  }
  const branches = (schema.anyOf ?? schema.oneOf) as TSchema[] | undefined;
  if (branches) {
    return exampleOf(firstBranch(branches), name);
  }
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    return schema.enum[0];
  }
  if (schema.default !== undefined) {
    return schema.default;
  }
  switch (schema.type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, TSchema>;
      const required = (schema.required ?? []) as string[];
      const shown = ALWAYS_SHOWN.filter((key) => key in properties && !required.includes(key));
      return Object.fromEntries(
        [...required, ...shown].map((key) => [key, exampleOf(properties[key] ?? {}, key)]),
      );
    }
    case 'array':
      return Array.from({ length: Math.max(Number(schema.minItems ?? 1), 1) }, () =>
        exampleOf((schema.items as TSchema | undefined) ?? {}, name),
      );
    case 'integer':
      return Math.ceil(numberIn(schema));
    case 'number':
      return numberIn(schema);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default: {
      const named = BY_NAME[name];
      return typeof named === 'string' && accepts(schema, named) ? named : fromSchema(schema);
    }
  }
};

/** The example of an operation's JSON body. */
export const bodyExampleFor = (path: string, schema: TSchema): unknown =>
  path in BODY_EXAMPLES ? BODY_EXAMPLES[path] : exampleOf(schema);

import { z } from 'zod';
import { SYNC_DESTINATION_TABLES } from './sync-destinations';

/**
 * What the group editor builds from (issue 31): the warehouse's own catalogue, the
 * destination tables' columns, and a preview of one mapping before it is saved. Admin
 * only (edit_sync_mappings): the preview shows warehouse rows of every payor.
 *
 * - GET  /api/data-sync/tables        -> ZCatalogueResponse
 * - POST /api/data-sync/table-sample  ZPreviewBody -> ZPreviewResponse
 */

/** At most this many rows come back in a preview. */
export const PREVIEW_ROW_LIMIT = 20;

export const ZCatalogueColumn = z.object({
  name: z.string(),
  /** The database's own type name: 'VARCHAR', 'BIGINT', 'DATE', 'NUMBER(38,0)'. */
  type: z.string(),
  nullable: z.boolean(),
});
export type TCatalogueColumn = z.infer<typeof ZCatalogueColumn>;

export const ZWarehouseTable = z.object({
  /** The schema it lives in ('main' in DuckDB, 'ERP' in Snowflake). */
  schema: z.string(),
  name: z.string(),
  /**
   * How a mapping names it in base_table and join: the bare name where the warehouse
   * reads unqualified names from that schema, otherwise SCHEMA.NAME.
   */
  path: z.string(),
  columns: z.array(ZCatalogueColumn),
});
export type TWarehouseTable = z.infer<typeof ZWarehouseTable>;

export const ZDestinationTable = z.object({
  name: z.enum(SYNC_DESTINATION_TABLES),
  columns: z.array(
    ZCatalogueColumn.extend({
      /** Part of the table's primary key: the natural key_columns of an upsert. */
      key: z.boolean(),
    }),
  ),
});
export type TDestinationTable = z.infer<typeof ZDestinationTable>;

export const ZCatalogueResponse = z.object({
  success: z.literal(true),
  /** 'duckdb' or 'snowflake'. */
  warehouse: z.enum(['duckdb', 'snowflake']),
  /** Sorted by schema, then name; columns in their table's order. */
  tables: z.array(ZWarehouseTable),
  /** Every sync destination (SYNC_DESTINATION_TABLES order) with its portal columns. */
  destinations: z.array(ZDestinationTable),
});
export type TCatalogueResponse = z.infer<typeof ZCatalogueResponse>;

/** The mapping as the editor holds it; the server validates it with validateMapping. */
export const ZPreviewBody = z.object({
  mapping: z.unknown().describe('One mapping (validated as sync-mapping.ts ZMapping)'),
});

export const ZPreviewValue = z.union([z.string(), z.number(), z.null()]);

export const ZPreviewResponse = z.object({
  success: z.literal(true),
  /** The warehouse SQL the mapping compiles to, as a sync would run it. */
  sql: z.string(),
  /** Every row the mapping would load (the same count a sync reconciles against). */
  count: z.number().int().nonnegative(),
  /** Result columns in order. */
  columns: z.array(z.string()),
  /** At most PREVIEW_ROW_LIMIT rows, values in column order; dates as 'YYYY-MM-DD'. */
  rows: z.array(z.array(ZPreviewValue)),
  /**
   * Result columns the destination table does not have: a sync would fail on them with
   * 'Column "X" not found in destination table T'. Empty when every column fits.
   */
  unknown_columns: z.array(z.string()),
});
export type TPreviewResponse = z.infer<typeof ZPreviewResponse>;

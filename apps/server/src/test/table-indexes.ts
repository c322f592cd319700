import { sql, type Kysely } from 'kysely';
import type { TDialect } from '../db/database';
import type { Database } from '../db/schema';

/**
 * A table's indexes as each database describes them, one line per index (name, unique or
 * not, columns in order), sorted: two databases built the same way give the same lines.
 * `table` is a test's own constant, never user input.
 */
export const tableIndexes = async (
  db: Kysely<Database>,
  dialect: TDialect,
  table: string,
): Promise<string[]> => {
  if (dialect === 'postgres') {
    const { rows } = await sql<{ indexdef: string }>`
      SELECT indexdef FROM pg_indexes
      WHERE schemaname = current_schema() AND tablename = ${table}`.execute(db);
    return rows.map((row) => row.indexdef).sort();
  }
  if (dialect === 'mysql') {
    const { rows } = await sql<{ name: string; is_unique: number; columns: string }>`
      SELECT index_name AS name, MIN(non_unique) = 0 AS is_unique,
             GROUP_CONCAT(column_name ORDER BY seq_in_index) AS columns
      FROM information_schema.statistics
      WHERE table_schema = DATABASE() AND table_name = ${table}
      GROUP BY index_name`.execute(db);
    return rows
      .map((row) => `${row.name} ${row.is_unique ? 'unique' : ''} (${row.columns})`)
      .sort();
  }
  const { rows: list } = await sql<{ name: string; unique: number }>`
    SELECT name, "unique" FROM pragma_index_list(${table})`.execute(db);
  const lines: string[] = [];
  for (const index of list) {
    const { rows: columns } = await sql<{ name: string }>`
      SELECT name FROM pragma_index_info(${index.name}) ORDER BY seqno`.execute(db);
    lines.push(
      `${index.name} ${index.unique ? 'unique' : ''} (${columns.map((c) => c.name).join(',')})`,
    );
  }
  return lines.sort();
};

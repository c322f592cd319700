import type { TSyncJob } from '@portal/domain/data-sync-api';

/**
 * Plain words for what a job record names technically (issue 29): its source
 * ('duckdb:warehouse.duckdb', 'snowflake'), destination ('sqlite', 'mysql', 'postgres') and
 * type. Admins can still read the technical values, behind a disclosure (job-technical.tsx).
 */

/** Every job reads the supplier's warehouse, whichever engine holds it. */
export const SOURCE_LABEL = 'Warehouse';

/** Tables named in a label before the rest is counted ('and 4 more'). */
const TABLES_SHOWN = 3;

/**
 * 'Portal database · payors' for a mapping job; a group run names the tables it fills,
 * the first three and a count of the rest.
 */
export const destinationLabel = (
  job: Pick<TSyncJob, 'mysql_table'> & { destination_tables?: readonly string[] },
) => {
  const tables = job.destination_tables?.length
    ? job.destination_tables
    : job.mysql_table
      ? [job.mysql_table]
      : [];
  if (tables.length === 0) {
    return 'Portal database';
  }
  const rest = tables.length - TABLES_SHOWN;
  const shown = tables.slice(0, TABLES_SHOWN).join(', ');
  return `Portal database · ${shown}${rest > 0 ? ` and ${rest} more` : ''}`;
};

const TYPE_LABELS: Record<TSyncJob['type'], string> = {
  group: 'Sync group run',
  snowpark_dataframe: 'Table mapping',
  snowpark_query: 'Query mapping',
};

export const jobTypeLabel = (type: TSyncJob['type']) => TYPE_LABELS[type];

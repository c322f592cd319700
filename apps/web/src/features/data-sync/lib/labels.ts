import type { TSyncJob } from '@portal/domain/data-sync-api';

/**
 * Plain words for what a job record names technically (issue 29): its source
 * ('duckdb:warehouse.duckdb', 'snowflake'), destination ('sqlite', 'mysql', 'postgres') and
 * type. Admins can still read the technical values, behind a disclosure (job-technical.tsx).
 */

/** Every job reads the supplier's warehouse, whichever engine holds it. */
export const SOURCE_LABEL = 'Warehouse';

/** 'Portal database · payors' for a mapping job; a group run fills several tables. */
export const destinationLabel = (job: Pick<TSyncJob, 'mysql_table'>) =>
  job.mysql_table ? `Portal database · ${job.mysql_table}` : 'Portal database';

const TYPE_LABELS: Record<TSyncJob['type'], string> = {
  group: 'Sync group run',
  snowpark_dataframe: 'Table mapping',
  snowpark_query: 'Query mapping',
};

export const jobTypeLabel = (type: TSyncJob['type']) => TYPE_LABELS[type];

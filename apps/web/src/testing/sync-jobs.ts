import type { TSyncJob } from '@portal/domain/data-sync-api';

/** A finished group run as the API answers it, for the console's tests; patch what a test needs. */
export const syncJob = (patch: Partial<TSyncJob> = {}): TSyncJob => ({
  id: 'def857f2-2761-4d1c-9b55-5f7c1e0a2b3c',
  name: 'Full sync',
  group_name: 'Full sync',
  destination_tables: ['payors', 'orders'],
  type: 'group',
  status: 'completed',
  progress: 100,
  source: 'duckdb:warehouse.duckdb',
  destination: 'sqlite',
  mysql_table: null,
  group_id: 'default_full_sync',
  parent_id: null,
  start_time: '2026-11-25T13:35:14.000Z',
  end_time: '2026-11-25T13:36:00.000Z',
  duration_ms: 46_000,
  rows_inserted: 184_878,
  rows_processed: 184_878,
  source_count: null,
  destination_count: null,
  triggered_by: 'admin@example.com',
  error: null,
  cancel_requested_by: null,
  ...patch,
});

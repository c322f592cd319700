import { access } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_FULL_SYNC_GROUP_ID } from '@portal/domain/sync-job';
import { generateWarehouse } from '@portal/tools/warehouse/generate';
import type { TConfig } from '../config';
import type { TPortalDatabase } from '../db/database';
import { tieDemoAccounts, type TDemoTies } from '../demo/demo-data';
import { openLoader } from './load/index';
import { runGroupJob, type TJobSummary } from './runner';
import { duckdbPath } from './warehouse/duckdb';
import { isSnowflakeUrl, openConfiguredWarehouse } from './warehouse/index';

export type TFirstStart = {
  generated: { file: string; ms: number } | undefined;
  sync: TJobSummary | undefined;
  ties: TDemoTies;
};

const exists = async (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

const hasFullSync = async (database: TPortalDatabase) =>
  (await database.db
    .selectFrom('sync_jobs')
    .select('id')
    .where('group_id', '=', DEFAULT_FULL_SYNC_GROUP_ID)
    .where('type', '=', 'group')
    .where('status', 'in', ['completed', 'partial'])
    .executeTakeFirst()) !== undefined;

/**
 * The embedded demo's first start: generate a small warehouse when there is
 * none, run default_full_sync once, and tie the demo accounts to the synced
 * data. Later starts find both and only re-check the ties.
 */
export const prepareFirstStart = async (options: {
  config: TConfig;
  database: TPortalDatabase;
  log: FastifyBaseLogger;
}): Promise<TFirstStart> => {
  const { config, database, log } = options;
  let generated: TFirstStart['generated'];
  const snowflake = isSnowflakeUrl(config.warehouseUrl);
  if (!snowflake && !(await exists(duckdbPath(config.warehouseUrl)))) {
    const result = await generateWarehouse({
      file: duckdbPath(config.warehouseUrl),
      patients: config.warehousePatients,
      seed: config.warehouseSeed,
    });
    generated = { file: result.file, ms: result.ms };
    log.info(
      `generated a demo warehouse of ${config.warehousePatients} patients in ${result.ms} ms`,
    );
  }

  let sync: TJobSummary | undefined;
  if (!(await hasFullSync(database))) {
    const started = Date.now();
    const warehouse = await openConfiguredWarehouse(config);
    const loader = await openLoader(config.databaseUrl);
    try {
      sync = await runGroupJob(
        { db: database.db, warehouse, loader, destinationLabel: database.dialect },
        DEFAULT_FULL_SYNC_GROUP_ID,
      );
    } finally {
      await loader.close();
      await warehouse.close();
    }
    const message = `first sync ${sync.status}: ${sync.rowsInserted} rows in ${Date.now() - started} ms`;
    if (sync.status === 'completed') {
      log.info(message);
    } else {
      log.error(`${message}; ${sync.error?.message ?? ''}`);
    }
  }
  const ties = config.demoAccounts ? await tieDemoAccounts(database.db) : undefined;
  return { generated, sync, ties };
};

import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { ensureDefaultGroups, listGroups } from './groups';
import { failInterruptedJobs } from './jobs';
import { openLoader } from './load/index';
import { runGroupJob, type TJobSummary } from './runner';
import { openConfiguredWarehouse } from './warehouse/index';

/**
 * `npm run sync -- <group id>`: runs one sync group against the configured
 * warehouse and portal database (the same environment as `npm start`), printing
 * progress and the job summary. Exit code 0 completed, 2 partial, 1 failed.
 */
const usage = 'usage: npm run sync -- <group id>   (or --list to show the groups)';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const printSummary = (summary: TJobSummary) => {
  console.log('');
  console.log(`Job ${summary.id}: ${summary.status.toUpperCase()} in ${seconds(summary.ms)}`);
  for (const child of summary.children ?? []) {
    const line = `  ${(child.mysqlTable ?? '?').padEnd(22)} ${child.status.padEnd(10)} ${String(child.rowsInserted).padStart(10)} rows  ${seconds(child.ms).padStart(8)}`;
    console.log(child.error ? `${line}  ${child.error.category}: ${child.error.message}` : line);
  }
  console.log(
    `  ${'total'.padEnd(22)} ${''.padEnd(10)} ${String(summary.rowsInserted).padStart(10)} rows`,
  );
  if (summary.error) {
    console.log(`\n${summary.error.message}`);
  }
};

const main = async (): Promise<number> => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { list: { type: 'boolean', default: false } },
  });
  const config = loadConfig();
  const database = createDatabase(config.databaseUrl);
  try {
    await migrateToLatest(database.db);
    await ensureDefaultGroups(database.db);
    if (values.list) {
      for (const group of await listGroups(database.db)) {
        console.log(
          `${group.id.padEnd(22)} ${String(group.mappings.length).padStart(2)} mappings  ${group.name}`,
        );
      }
      return 0;
    }
    const groupId = positionals[0];
    if (!groupId) {
      console.error(usage);
      return 1;
    }
    const interrupted = await failInterruptedJobs(database.db);
    if (interrupted.length > 0) {
      console.log(`Marked ${interrupted.length} interrupted job(s) failed.`);
    }
    const warehouse = await openConfiguredWarehouse(config).catch((error: unknown) => {
      throw new Error(
        `Cannot open the warehouse at ${config.warehouseUrl} (run npm run warehouse:generate first?): ${(error as Error).message}`,
      );
    });
    const loader = await openLoader(config.databaseUrl);
    try {
      console.log(`Syncing ${warehouse.label} into ${database.dialect}`);
      const summary = await runGroupJob(
        {
          db: database.db,
          warehouse,
          loader,
          destinationLabel: database.dialect,
          print: (line) => console.log(line),
        },
        groupId,
      );
      printSummary(summary);
      return summary.status === 'completed' ? 0 : summary.status === 'partial' ? 2 : 1;
    } finally {
      await loader.close();
      await warehouse.close();
    }
  } finally {
    await database.destroy();
  }
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}

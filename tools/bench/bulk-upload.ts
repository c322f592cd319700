import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { createDatabase } from '../../apps/server/src/db/database';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import { HASH_CONCURRENCY } from '../../apps/server/src/lib/temporary-passwords';
import { loadOrCreateSecrets } from '../../apps/server/src/lib/secrets';
import { postCsv } from '../../apps/server/src/modules/admin-users/test-support';
import { createTestUser, signIn } from '../../apps/server/src/test/sessions';

/**
 * Times one bulk user upload of --rows rows (5,000 by default) through the real route on a
 * throwaway SQLite portal: wall time, and the process's CPU time, which a busy machine
 * sways less (argon2 is the cost: CPU time / cores is the wall time on an idle machine).
 *
 *   npx tsx tools/bench/bulk-upload.ts [--rows 5000]
 */
const { values } = parseArgs({ options: { rows: { type: 'string', default: '5000' } } });
const rows = Number(values.rows);
const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-bulk-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  WEB_DIST: path.join(dataDir, 'no-web'),
});
const database = createDatabase(config.databaseUrl);
await migrateToLatest(database.db);
const app = await buildApp({
  config,
  database,
  secrets: await loadOrCreateSecrets(dataDir),
  logger: false,
});
await createTestUser(database.db, { email: 'bench-admin@example.com', role: 'admin' });
const { jar } = await signIn(app, { email: 'bench-admin@example.com' });
const csv = [
  'email,first_name,last_name,role',
  ...Array.from({ length: rows }, (_, i) => `user${i}@bench.example.com,First${i},Last${i},admin`),
].join('\n');

const load = loadavg()[0] ?? 0;
const cpuBefore = process.cpuUsage();
const start = performance.now();
const response = await postCsv(app, jar, '/api/admin/bulk-upload-users', csv);
const wall = (performance.now() - start) / 1000;
const cpu = process.cpuUsage(cpuBefore);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
const { results } = response.json<{ results: { successful: unknown[]; failed: unknown[] } }>();
console.log(
  `${rows} rows: HTTP ${response.statusCode}, ${results.successful.length} created, ${results.failed.length} failed`,
);
console.log(
  `wall ${wall.toFixed(1)} s (load average ${load.toFixed(1)} at start); CPU ${cpuSeconds.toFixed(1)} s over ${HASH_CONCURRENCY} hashing threads ≈ ${(cpuSeconds / HASH_CONCURRENCY).toFixed(1)} s on idle cores`,
);
await app.close();
await database.destroy();
await rm(dataDir, { recursive: true, force: true });

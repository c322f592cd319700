import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatSummary, mutateWarehouse } from './mutate';

/** `npm run warehouse:mutate -- --orders-percent 1 [--seed N] [--file path] [--at ISO-time]` */
const main = async () => {
  const { values } = parseArgs({
    options: {
      'orders-percent': { type: 'string', default: '1' },
      seed: { type: 'string', default: '1' },
      at: { type: 'string' },
      file: {
        type: 'string',
        default: path.join(process.env.DATA_DIR || 'data', 'warehouse.duckdb'),
      },
    },
  });
  const summary = await mutateWarehouse({
    file: path.resolve(values.file),
    ordersPercent: Number(values['orders-percent']),
    seed: Number(values.seed),
    at: values.at,
  });
  for (const line of formatSummary(summary)) {
    console.log(line);
  }
};

await main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});

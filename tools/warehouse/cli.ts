import path from 'node:path';
import { parseArgs } from 'node:util';
import { generateWarehouse } from './generate';

/** `npm run warehouse:generate -- --patients N --seed S [--out file] [--as-of YYYY-MM-DD]` */
const main = async () => {
  const { values } = parseArgs({
    options: {
      patients: { type: 'string', default: '3000' },
      seed: { type: 'string', default: '1' },
      'orders-per-patient': { type: 'string', default: '8' },
      'as-of': { type: 'string' },
      out: {
        type: 'string',
        default: path.join(process.env.DATA_DIR || 'data', 'warehouse.duckdb'),
      },
    },
  });
  const result = await generateWarehouse({
    file: path.resolve(values.out),
    patients: Number(values.patients),
    seed: Number(values.seed),
    ordersPerPatient: Number(values['orders-per-patient']),
    asOf: values['as-of'],
  });
  console.log(`Wrote ${result.file} in ${(result.ms / 1000).toFixed(1)} s`);
  for (const [table, rows] of Object.entries(result.tables)) {
    console.log(`  ${table.padEnd(26)} ${rows.toLocaleString('en-US').padStart(12)}`);
  }
};

await main();

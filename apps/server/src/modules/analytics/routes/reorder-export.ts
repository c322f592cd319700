import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Kysely } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  REORDER_CSV_COLUMNS,
  ZReorderExportQuery,
  dayOf,
  reorderExportPrefix,
  type TReorderPattern,
} from '@portal/domain/analytics';
import { datedCsvName, neutralizeCsvCell } from '@portal/domain/csv-cells';
import type { Database } from '../../../db/schema';
import { requireAuth } from '../../../plugins/auth';
import { presentPatterns, reorderFigures, type TReorderFigures } from '../reorder';
import { periodOf } from '../service';
import {
  adminOnly,
  analyticsErrors,
  freshness,
  reorderMemoKey,
  type TAnalyticsRouteOptions,
} from './shared';

/**
 * Patient keys per audit row: the trail's detail column is a TEXT (64 KB on MariaDB), and a
 * key is at most 64 characters, so an export of many patients is recorded in several rows.
 */
const KEYS_PER_AUDIT_ROW = 500;

const STATUS_WORDS: Record<TReorderPattern['reorder_status'], string> = {
  overdue: 'Overdue',
  due_soon: 'Due Soon',
  upcoming: 'Upcoming',
  scheduled: 'Scheduled',
};

const record = (row: TReorderPattern) => [
  row.patient_name,
  row.patient_id ?? '',
  row.total_orders,
  row.avg_days_between_orders,
  row.last_order_date,
  row.predicted_next_order,
  row.days_until_reorder,
  STATUS_WORDS[row.reorder_status],
  row.order_categories.join(', '),
];

/**
 * The header, then the first `count` tracked patients' records, named a slice at a time
 * (presentPatterns): an export of a million patients never holds them all at once.
 */
async function* exportRecords(
  db: Kysely<Database>,
  tracked: TReorderFigures['tracked'],
  count: number,
) {
  yield [...REORDER_CSV_COLUMNS];
  for (let start = 0; start < count; start += KEYS_PER_AUDIT_ROW) {
    const shown = tracked.slice(start, Math.min(count, start + KEYS_PER_AUDIT_ROW));
    for (const row of await presentPatterns(db, shown)) {
      yield record(row);
    }
  }
}

/**
 * GET /api/analytics/reorder-patterns/export?days=180&min_orders=2&scope=all|attention: every
 * tracked patient (or those overdue or due soon) as CSV, most urgent first. Names patients, so
 * every key exported is audited before the file is sent, as the list's reads are.
 */
export const reorderExportRoute: FastifyPluginAsyncZod<TAnalyticsRouteOptions> = async (
  app,
  { memo },
) => {
  app.get(
    '/analytics/reorder-patterns/export',
    {
      onRequest: adminOnly(app),
      config: { auditRead: 'analytics_reorder_export' },
      schema: {
        summary: 'The reorder list of the last N days as a CSV attachment (admins only)',
        tags: ['analytics'],
        querystring: ZReorderExportQuery,
        produces: ['text/csv'],
        response: {
          // Text, not serialised; the description is what OpenAPI shows.
          200: z.unknown().describe(`CSV with the columns ${REORDER_CSV_COLUMNS.join(', ')}`),
          ...analyticsErrors,
        },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const { days, min_orders: minOrders, scope } = request.query;
      const { db } = app.portal.database;
      const now = app.clock();
      const { range } = periodOf(now, days);
      const { version } = await freshness(app);
      const { tracked } = await memo.get(version, reorderMemoKey(range, minOrders), () =>
        reorderFigures(db, { range, today: dayOf(now), minOrders }),
      );
      // Most urgent first, so the overdue and due-soon patients are the head of the list.
      const count = scope === 'attention' ? tracked.attention : tracked.length;
      const parts = Math.max(1, Math.ceil(count / KEYS_PER_AUDIT_ROW));
      // Recorded before the first byte: an export that cannot be audited is not sent.
      for (let part = 0; part < parts; part += 1) {
        const start = part * KEYS_PER_AUDIT_ROW;
        const slice = tracked.slice(start, Math.min(count, start + KEYS_PER_AUDIT_ROW));
        await app.audit(request, {
          action: 'analytics_reorder_export',
          userId: user.id,
          detail: {
            days,
            min_orders: minOrders,
            scope,
            rows: count,
            ...(parts > 1 ? { part: part + 1, parts } : {}),
            patient_keys: slice.map((row) => row.patientKey),
          },
        });
      }
      const csv = stringify({
        bom: true,
        record_delimiter: 'windows',
        // Names and categories come from the ERP: a cell that a spreadsheet would run as a
        // formula is shown as text (negative day counts are numbers and stay numbers).
        cast: { string: neutralizeCsvCell },
      });
      // A database error part-way destroys the stream: a broken download, not a short file.
      pipeline(Readable.from(exportRecords(db, tracked, count)), csv, () => {});
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header(
          'Content-Disposition',
          `attachment; filename="${datedCsvName(reorderExportPrefix(scope), new Date(now))}"`,
        )
        .header('Cache-Control', 'no-store')
        .send(csv);
    },
  );
};

import { stringify } from 'csv-stringify/sync';
import type { Kysely } from 'kysely';
import { neutralizeCsvCell } from '@portal/domain/csv-cells';
import { isAllowedSubStatus } from '@portal/domain/order-progress';
import { daysSince, orderStatusLabel } from '@portal/domain/order-status-labels';
import {
  DEFAULT_SORT_DIRECTION,
  WORKLIST_CSV_HEADERS,
  type ZWorklistExportQuery,
  type TWorklistRow,
} from '@portal/domain/worklist-api';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/errors';
import { enabledClassifications } from '../patients/repository';
import type { TWorklistFilter, TWorklistOrder, TWorklistRowData } from './repository';
import { NUMBER_MATCH_LIMIT, numberedOrderIds, planWorklistSearch } from './search-sql';
import { dialectOfDb } from '../../db/database';

/** The worklist's filters as the routes parse them (view, sort and direction defaulted). */
export type TWorklistFilters = z.output<typeof ZWorklistExportQuery>;

const DAY_MS = 86_400_000;

/**
 * The classifications a list may show: the user's enabled ones (none enabled: every one,
 * as on the dashboard), narrowed to the categories asked for. Null: no narrowing at all.
 */
const classificationsFor = (enabled: string[], categories: string[] | undefined) => {
  if (categories === undefined || categories.length === 0) {
    return enabled.length === 0 ? null : enabled;
  }
  return enabled.length === 0 ? categories : categories.filter((key) => enabled.includes(key));
};

/** A search as the lists read it: the text's plan and the payor's orders it names by number. */
const searchFor = async (db: Kysely<Database>, payorKey: string, text: string) => {
  const plan = planWorklistSearch(text);
  const numberIds = await numberedOrderIds(db, {
    dialect: dialectOfDb(db),
    payorKey,
    search: plan,
  });
  if (numberIds === undefined) {
    throw new AppError(
      'bad_request',
      `search: more than ${NUMBER_MATCH_LIMIT.toLocaleString('en-US')} orders have this SO or tracking number; search by a patient or a longer number`,
    );
  }
  return { plan, numberIds };
};

/** The request's filters, checked, as the repository reads them. */
export const resolveFilter = async (
  db: Kysely<Database>,
  options: { payorKey: string; userId: number; filters: TWorklistFilters; now: number },
): Promise<{ filter: TWorklistFilter; order: TWorklistOrder }> => {
  const { filters, now } = options;
  const { view, sub_status: subStatus, min_days: minDays } = filters;
  if (subStatus !== undefined && subStatus !== '' && !isAllowedSubStatus(view, subStatus)) {
    throw new AppError('bad_request', 'sub_status: not a status of this view');
  }
  const search = filters.search?.trim() ?? '';
  return {
    filter: {
      payorKey: options.payorKey,
      classifications: classificationsFor(
        await enabledClassifications(db, options.userId),
        filters.categories,
      ),
      view,
      subStatus: subStatus === '' ? undefined : subStatus,
      // More than N whole days (daysSince): entered at least N + 1 days before now.
      sinceAtMost: minDays === undefined ? undefined : now - (minDays + 1) * DAY_MS,
      search: search === '' ? undefined : await searchFor(db, options.payorKey, search),
    },
    order: { sort: filters.sort, dir: filters.dir ?? DEFAULT_SORT_DIRECTION[filters.sort] },
  };
};

/** What the audit row says of the filters: those given, as asked. */
export const auditedFilters = (payorKey: string, filters: TWorklistFilters) => ({
  payor_key: payorKey,
  view: filters.view,
  sub_status: filters.sub_status ?? null,
  categories: filters.categories ?? null,
  min_days: filters.min_days ?? null,
  search: filters.search ?? null,
  sort: filters.sort,
  dir: filters.dir ?? DEFAULT_SORT_DIRECTION[filters.sort],
});

/** Each patient once, in the order the rows show them. */
export const patientKeysOf = (rows: TWorklistRowData[]) => [
  ...new Set(rows.map((row) => row.patient_key)),
];

const isoTime = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export const presentRow = (row: TWorklistRowData, now: number): TWorklistRow => ({
  order_id: row.order_id,
  so_number: row.so_number,
  date_created: isoTime(row.date_created),
  status: row.status,
  status_label: orderStatusLabel(row.status) ?? null,
  intake_status: row.intake_status,
  status_since: isoTime(row.status_since),
  days_in_status: daysSince(row.status_since, now),
  tracking_number: row.tracking_number,
  carrier: row.carrier,
  delivery_status: row.delivery_status,
  delivery_date: row.delivery_date,
  so_classification_key: row.so_classification_key,
  so_classification_name: row.so_classification_name,
  patient: {
    patient_key: row.patient_key,
    patient_id: row.patient_id,
    first_name: row.first_name,
    last_name: row.last_name,
    dob: row.dob,
  },
});

const day = (iso: string | null) => iso?.slice(0, 10) ?? '';

const patientName = (row: TWorklistRow) =>
  [row.patient.last_name, row.patient.first_name].filter((name) => name).join(', ');

/** One CSV record per row, in WORKLIST_CSV_HEADERS' order. */
const csvRecord = (row: TWorklistRow) => [
  row.so_number ?? '',
  patientName(row),
  row.patient.patient_id ?? '',
  row.patient.dob ?? '',
  day(row.date_created),
  row.status_label ?? row.status ?? '',
  row.status ?? '',
  row.intake_status ?? '',
  day(row.status_since),
  row.days_in_status ?? '',
  row.so_classification_name ?? '',
  row.carrier ?? '',
  row.tracking_number ?? '',
  row.delivery_date ?? '',
];

/**
 * The rows as CSV text with a byte-order mark (spreadsheets then read UTF-8), quoted by
 * csv-stringify; every text cell neutralised, as ERP text comes from outsiders.
 */
export const worklistCsv = (rows: TWorklistRow[]) =>
  `\uFEFF${stringify([[...WORKLIST_CSV_HEADERS], ...rows.map(csvRecord)], {
    record_delimiter: 'windows',
    cast: { string: neutralizeCsvCell },
  })}`;

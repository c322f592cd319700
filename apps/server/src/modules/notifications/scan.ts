import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { TNotificationKind } from '@portal/domain/notifications-api';
import { dialectOfDb } from '../../db/database';
import type { Database } from '../../db/schema';
import { readRefresh } from '../analytics/repository';
import { recordBaseline } from './baseline';
import { DAY_MS, PAGE, storeEvents, type TCandidateEvent } from './store-events';
import { scanWaiting } from './waiting';
import { SCAN_ID, SQLITE_SCAN_WINDOW, STATE_SQL, STATES, worklistRowids } from './worklist-states';

export { DAY_MS };

/**
 * The sync's changes as notification events (issue 34). The worklist holds every order's
 * status group, shipping and delivery as the last committed load left them; a scan
 * compares it with notification_order_states, what the previous scan saw, and each
 * order that entered Action Items, shipped or was delivered since becomes an event, once:
 * the event's key is the order, the kind and the state version the scan read, so two
 * scans of one change (a re-run, a second process) write one event, and the snapshot
 * moves in the same transaction as the events and their notifications. Orders that have
 * waited past a user's threshold are found by time instead, in the window since the last
 * such check. The first scan of a portal records what it finds and tells no one: the
 * first sync's orders are history, not news.
 */

/** A scan holds its claim this long; a process that died mid-scan loses it after. */
export const SCAN_LEASE_MS = 10 * 60_000;
/** How often orders that waited too long are looked for when no sync changed anything. */
export const WAITING_CHECK_MS = 15 * 60_000;
const PASS = 50_000;
/** A guard: a scan settles at most this many passes, the rest waits for the next. */
const MAX_PASSES = 200;

const KIND_OF_STATE = {
  action_items: 'action_needed',
  shipped: 'shipped',
  delivered: 'delivered',
} as const satisfies Record<keyof typeof STATE_SQL, TNotificationKind>;

type TChangedRow = {
  order_id: string;
  so_number: string | null;
  patient_key: string;
  payor_key: string | null;
  so_classification_key: string | null;
  status: string | null;
  action_items: number | string;
  shipped: number | string;
  delivered: number | string;
  was_action_items: number | string | null;
  was_shipped: number | string | null;
  was_delivered: number | string | null;
  version: number | string | null;
};

export type TScanResult =
  | { claimed: false }
  | {
      claimed: true;
      baseline: boolean;
      changedOrders: number;
      events: number;
      notifications: number;
    };

/** Takes the scan for this process, or answers false while another holds it. */
const claimScan = async (db: Kysely<Database>, owner: string, now: number) => {
  const insert = db.insertInto('notification_scans').values({ id: SCAN_ID });
  await (
    dialectOfDb(db) === 'mysql'
      ? insert.ignore()
      : insert.onConflict((conflict) => conflict.column('id').doNothing())
  ).execute();
  const result = await db
    .updateTable('notification_scans')
    .set({ claimed_by: owner, claimed_until: now + SCAN_LEASE_MS })
    .where('id', '=', SCAN_ID)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

export const readScan = (db: Kysely<Database>) =>
  db.selectFrom('notification_scans').selectAll().where('id', '=', SCAN_ID).executeTakeFirst();

/** Whether a scan has anything to do: a new data version, or the waiting check is due. */
export const scanDue = async (db: Kysely<Database>, now: number) => {
  const [scan, refresh] = await Promise.all([readScan(db), readRefresh(db)]);
  if (!scan?.scanned_at) {
    return true;
  }
  const moved = refresh !== null && String(refresh.version) !== String(scan.data_version);
  return moved || now - (scan.waiting_checked_at ?? 0) >= WAITING_CHECK_MS;
};

const flag = (value: number | string | null) => (value === null ? null : Number(value) === 1);

/** The events one changed worklist row makes: each state that turned on. */
const eventsOfRow = (row: TChangedRow): TCandidateEvent[] => {
  const version = row.version === null ? 0 : Number(row.version);
  return STATES.flatMap((state) => {
    const now = flag(row[state]);
    const was = flag(row[`was_${state}`]);
    if (!now || was === true) {
      return [];
    }
    const kind = KIND_OF_STATE[state];
    return [
      {
        dedupe_key: `${kind}:${row.order_id}:${version}`,
        kind,
        order_id: row.order_id,
        so_number: row.so_number,
        patient_key: row.patient_key,
        payor_key: row.payor_key,
        classification_key: row.so_classification_key,
        status: row.status,
        days: null,
      },
    ];
  });
};

/** Writes the states the scan saw (version + 1), in the caller's transaction. */
const saveStates = async (trx: Transaction<Database>, rows: readonly TChangedRow[]) => {
  if (rows.length === 0) {
    return;
  }
  const insert = trx.insertInto('notification_order_states').values(
    rows.map((row) => ({
      order_id: row.order_id,
      action_items: Number(row.action_items),
      shipped: Number(row.shipped),
      delivered: Number(row.delivered),
      version: (row.version === null ? 0 : Number(row.version)) + 1,
    })),
  );
  await (
    dialectOfDb<Database>(trx) === 'mysql'
      ? insert.onDuplicateKeyUpdate({
          action_items: sql`VALUES(action_items)`,
          shipped: sql`VALUES(shipped)`,
          delivered: sql`VALUES(delivered)`,
          version: sql`VALUES(version)`,
        })
      : insert.onConflict((conflict) =>
          conflict.column('order_id').doUpdateSet((eb) => ({
            action_items: eb.ref('excluded.action_items'),
            shipped: eb.ref('excluded.shipped'),
            delivered: eb.ref('excluded.delivered'),
            version: eb.ref('excluded.version'),
          })),
        )
  ).execute();
};

type TRowidWindow = { after: number; upTo: number };

/**
 * Worklist rows whose state differs from the snapshot's, at most PASS of them, in no order:
 * an order walk by key read every row through the key's index (5 s at 850k orders on
 * SQLite, against 2 s for one plain pass). On SQLite, the rows of one window of rowids: a
 * plain pass in slices.
 */
const changedRows = async (db: Kysely<Database>, window?: TRowidWindow) => {
  const differs = STATES.map((state) => `s.${state} <> ${STATE_SQL[state]}`).join(' OR ');
  const inWindow = window
    ? sql`w.rowid > ${window.after} AND w.rowid <= ${window.upTo} AND`
    : sql``;
  const result = await sql<TChangedRow>`SELECT w.order_id, w.so_number, w.patient_key,
      w.payor_key, w.so_classification_key, w.status,
      ${sql.raw(STATES.map((state) => `${STATE_SQL[state]} AS ${state}`).join(', '))},
      s.action_items AS was_action_items, s.shipped AS was_shipped,
      s.delivered AS was_delivered, s.version
    FROM order_worklist w LEFT JOIN notification_order_states s ON s.order_id = w.order_id
    WHERE ${inWindow} (s.order_id IS NULL OR ${sql.raw(differs)})
    LIMIT ${sql.lit(PASS)}`.execute(db);
  return result.rows;
};

/**
 * The worklist's rowids in windows of `size`, first to last, with a turn of the event loop
 * after each. better-sqlite3 reads synchronously: one pass over 7.9M orders held the event
 * loop for 4.5 s after every sync.
 */
async function* rowidWindows(db: Kysely<Database>, size: number) {
  const { low, high } = await worklistRowids(db);
  if (low === null || high === null) {
    return;
  }
  for (let after = low - 1; after < high; after += size) {
    yield { after, upTo: after + size };
    await yieldToLoop();
  }
}

type TScanCounts = { changedOrders: number; events: number; notifications: number };

/**
 * Each pass reads up to PASS differing rows and settles them, a transaction per PAGE; the
 * next pass no longer sees them. A sync's changes are one pass; a large import a few.
 */
const scanChanges = async (
  db: Kysely<Database>,
  options: { now: number; timeZone: string; sqliteWindow: number },
) => {
  const counts: TScanCounts = { changedOrders: 0, events: 0, notifications: 0 };
  const settle = async (rows: TChangedRow[]) => {
    for (let start = 0; start < rows.length; start += PAGE) {
      const page = rows.slice(start, start + PAGE);
      const stored = await db.transaction().execute(async (trx) => {
        const result = await storeEvents(trx, page.flatMap(eventsOfRow), options);
        await saveStates(trx, page);
        return result;
      });
      counts.events += stored.events;
      counts.notifications += stored.notifications;
    }
    counts.changedOrders += rows.length;
  };
  if (dialectOfDb(db) === 'sqlite') {
    // A window holds at most PASS rows, so one read finds all of its changes.
    for await (const window of rowidWindows(db, Math.min(options.sqliteWindow, PASS))) {
      await settle(await changedRows(db, window));
    }
    return counts;
  }
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    const rows = await changedRows(db);
    await settle(rows);
    if (rows.length < PASS) {
      return counts;
    }
  }
  return counts;
};

/**
 * One scan, if this process can claim it: the changes since the last scan (or the
 * baseline, on a portal's first), then the orders that waited too long.
 */
export const scanForEvents = async (
  db: Kysely<Database>,
  options: {
    now: number;
    owner: string;
    timeZone: string;
    waitingDays: number;
    /** SQLite: rowids per read and per baseline window (SQLITE_SCAN_WINDOW); tests make it small. */
    sqliteWindow?: number;
  },
): Promise<TScanResult> => {
  const { now, owner } = options;
  if (!(await claimScan(db, owner, now))) {
    return { claimed: false };
  }
  try {
    const [scan, refresh, known] = await Promise.all([
      readScan(db),
      readRefresh(db),
      db.selectFrom('notification_order_states').select('order_id').limit(1).executeTakeFirst(),
    ]);
    // A baseline under way (SQLite's, in windows) is finished before any change is news.
    const baseline = known === undefined || (scan?.baseline_through ?? null) !== null;
    const sqliteWindow = options.sqliteWindow ?? SQLITE_SCAN_WINDOW;
    let counts: TScanCounts = { changedOrders: 0, events: 0, notifications: 0 };
    if (baseline) {
      await recordBaseline(db, sqliteWindow);
    } else if (String(refresh?.version ?? '') !== String(scan?.data_version ?? '')) {
      counts = await scanChanges(db, { ...options, sqliteWindow });
    }
    const waiting = await scanWaiting(db, {
      now,
      since: scan?.waiting_checked_at ?? now,
      timeZone: options.timeZone,
      fallbackDays: options.waitingDays,
    });
    await db
      .updateTable('notification_scans')
      .set({
        data_version: refresh === null ? null : refresh.version,
        scanned_at: now,
        waiting_checked_at: now,
      })
      .where('id', '=', SCAN_ID)
      .execute();
    return {
      claimed: true,
      baseline,
      changedOrders: counts.changedOrders,
      events: counts.events + waiting.events,
      notifications: counts.notifications + waiting.notifications,
    };
  } finally {
    await db
      .updateTable('notification_scans')
      .set({ claimed_by: null, claimed_until: null })
      .where('id', '=', SCAN_ID)
      .where('claimed_by', '=', owner)
      .execute();
  }
};

import type { Kysely } from 'kysely';
import {
  defaultNotificationSettings,
  NOTIFICATION_KINDS,
  NOTIFICATION_MESSAGES,
  PATIENT_NOTIFICATION_KINDS,
  ZNotificationSettings,
  type TNotificationKind,
  type TNotificationSettings,
} from '@portal/domain/notifications-api';
import { dialectOfDb } from '../../db/database';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/errors';

/** The account fields the settings depend on. */
export type TSettingsUser = {
  id: number;
  role: string;
  payor_key: string | null;
  patient_key: string | null;
};

export const isPatientAccount = (user: Pick<TSettingsUser, 'role' | 'patient_key'>) =>
  user.role === 'patient' || (user.patient_key !== null && user.role !== 'admin');

export const availableKinds = (user: TSettingsUser): TNotificationKind[] =>
  isPatientAccount(user) ? [...PATIENT_NOTIFICATION_KINDS] : [...NOTIFICATION_KINDS];

/** The 'payor' scope: staff whose account names a payor. */
export const payorScopeAvailable = (user: TSettingsUser) =>
  !isPatientAccount(user) && user.payor_key !== null;

/** The zones this runtime knows: the allow-list a saved time zone is checked against. */
const knownZones = new Set(Intl.supportedValuesOf('timeZone'));
export const isKnownTimeZone = (zone: string) => knownZones.has(zone) || zone === 'UTC';

/**
 * A stored row read back: parsed against today's schema, and anything it lacks or gets
 * wrong falls back to the defaults (a kind added later, a zone the runtime dropped).
 */
export const settingsOf = (
  user: TSettingsUser,
  stored: string | null | undefined,
  timeZone: string,
): TNotificationSettings => {
  const defaults = defaultNotificationSettings({ isPatient: isPatientAccount(user), timeZone });
  if (!stored) {
    return defaults;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return defaults;
  }
  const result = ZNotificationSettings.safeParse(parsed);
  if (!result.success) {
    return defaults;
  }
  const settings = result.data;
  return isKnownTimeZone(settings.time_zone) ? settings : { ...settings, time_zone: timeZone };
};

export const readSettingsRows = (db: Kysely<Database>, userIds: readonly number[]) =>
  userIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('notification_settings')
        .select(['user_id', 'settings', 'last_digest_day'])
        .where('user_id', 'in', [...userIds])
        .execute();

export const readSettings = async (db: Kysely<Database>, user: TSettingsUser, timeZone: string) => {
  const [row] = await readSettingsRows(db, [user.id]);
  return { settings: settingsOf(user, row?.settings, timeZone), saved: Boolean(row?.settings) };
};

/** Checks what the schema cannot: the zone, the scope against the account, the kinds. */
export const checkSettings = (
  user: TSettingsUser,
  input: TNotificationSettings,
): TNotificationSettings => {
  if (!isKnownTimeZone(input.time_zone)) {
    throw new AppError('bad_request', NOTIFICATION_MESSAGES.timeZoneInvalid);
  }
  if (input.scope === 'payor') {
    if (!payorScopeAvailable(user)) {
      throw new AppError('bad_request', NOTIFICATION_MESSAGES.payorScopeNeedsPayor);
    }
    if (input.categories.length === 0) {
      throw new AppError('bad_request', NOTIFICATION_MESSAGES.categoriesRequired);
    }
  }
  if (!isPatientAccount(user)) {
    return { ...input, categories: [...new Set(input.categories)] };
  }
  // A patient hears about their own orders: no scope, no waiting.
  return {
    ...input,
    scope: 'favorites',
    categories: [],
    kinds: { ...input.kinds, waiting: { in_app: false, email: 'off' } },
  };
};

/** Inserts or replaces the user's row; the digest day stays as it was. */
export const saveSettings = async (
  db: Kysely<Database>,
  options: { userId: number; settings: TNotificationSettings; now: number },
) => {
  const settings = JSON.stringify(options.settings);
  const insert = db
    .insertInto('notification_settings')
    .values({ user_id: options.userId, settings, updated_at: options.now, last_digest_day: null });
  await (
    dialectOfDb(db) === 'mysql'
      ? insert.onDuplicateKeyUpdate({ settings, updated_at: options.now })
      : insert.onConflict((conflict) =>
          conflict.column('user_id').doUpdateSet({ settings, updated_at: options.now }),
        )
  ).execute();
};

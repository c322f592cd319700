import type { Kysely } from 'kysely';
import {
  PATIENT_NOTIFICATION_KINDS,
  type TNotificationKind,
  type TNotificationSettings,
} from '@portal/domain/notifications-api';
import type { Database } from '../../db/schema';
import { isPatientAccount, readSettingsRows, settingsOf, type TSettingsUser } from './settings';

/** An event as the fan-out reads it. */
export type TFanOutEvent = {
  id: number;
  kind: TNotificationKind;
  patient_key: string;
  payor_key: string | null;
  classification_key: string | null;
  days: number | null;
};

export type TNotificationRow = {
  user_id: number;
  event_id: number;
  in_app: number;
  email_state: 'none' | 'pending' | 'digest';
};

type TCandidate = TSettingsUser & {
  settings: TNotificationSettings;
  favorites: Set<string>;
  classifications: Set<string>;
};

const patientKinds = new Set<string>(PATIENT_NOTIFICATION_KINDS);

/**
 * Whether the user may read the event's patient: an admin any, a patient account their
 * own, other staff their payor's (patients/scope.ts canSeePatient, by the same rules).
 */
const canRead = (user: TSettingsUser, event: TFanOutEvent) => {
  if (user.role === 'admin') {
    return true;
  }
  if (isPatientAccount(user)) {
    return user.patient_key === event.patient_key;
  }
  return user.payor_key !== null && user.payor_key === event.payor_key;
};

/** Whether the user follows the event's patient, by their scope and preferences. */
const follows = (user: TCandidate, event: TFanOutEvent) => {
  if (isPatientAccount(user)) {
    return user.patient_key === event.patient_key && patientKinds.has(event.kind);
  }
  // The classifications the user enabled narrow what they see, so what they hear too.
  if (user.classifications.size > 0 && !user.classifications.has(event.classification_key ?? '')) {
    return false;
  }
  if (event.kind === 'waiting' && event.days !== user.settings.waiting_days) {
    return false;
  }
  if (user.favorites.has(event.patient_key)) {
    return true;
  }
  return (
    user.settings.scope === 'payor' &&
    user.payor_key === event.payor_key &&
    user.settings.categories.includes(event.classification_key ?? '')
  );
};

const EMAIL_STATE = { instant: 'pending', digest: 'digest', off: 'none' } as const;

/**
 * Who hears about which event: patients about their own orders, staff about their
 * favourite patients and (with the payor scope) every patient of their payor in the
 * categories they chose. Read scope always applies: nobody hears about a patient they
 * could not open. A user who turned a kind off in the portal and by email gets no row.
 */
export const recipientsOf = async (
  db: Kysely<Database>,
  events: readonly TFanOutEvent[],
  timeZone: string,
): Promise<TNotificationRow[]> => {
  if (events.length === 0) {
    return [];
  }
  const patientKeys = [...new Set(events.map((event) => event.patient_key))];
  const payorKeys = [
    ...new Set(events.flatMap((event) => (event.payor_key === null ? [] : [event.payor_key]))),
  ];
  const userColumns = ['users.id', 'users.role', 'users.payor_key', 'users.patient_key'] as const;
  const [own, favorites, payorWide] = await Promise.all([
    db
      .selectFrom('users')
      .select(userColumns)
      .where('users.patient_key', 'in', patientKeys)
      .where('users.is_active', '=', 1)
      .execute(),
    db
      .selectFrom('user_favorites')
      .innerJoin('users', 'users.id', 'user_favorites.user_id')
      .select([...userColumns, 'user_favorites.patient_key as favorite'])
      .where('user_favorites.patient_key', 'in', patientKeys)
      .where('users.is_active', '=', 1)
      .execute(),
    payorKeys.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('notification_settings')
          .innerJoin('users', 'users.id', 'notification_settings.user_id')
          .select(userColumns)
          .where('users.payor_key', 'in', payorKeys)
          .where('users.is_active', '=', 1)
          // A pre-filter on the stored JSON; settingsOf decides.
          .where('notification_settings.settings', 'like', '%"scope":"payor"%')
          .execute(),
  ]);
  const users = new Map<number, TSettingsUser>();
  const favoritesOf = new Map<number, Set<string>>();
  for (const user of [...own, ...favorites, ...payorWide]) {
    users.set(user.id, user);
  }
  for (const row of favorites) {
    const set = favoritesOf.get(row.id) ?? new Set<string>();
    set.add(row.favorite);
    favoritesOf.set(row.id, set);
  }
  const ids = [...users.keys()];
  const [settingsRows, preferenceRows] = await Promise.all([
    readSettingsRows(db, ids),
    ids.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('user_preferences')
          .select(['user_id', 'value'])
          .where('user_id', 'in', ids)
          .where('kind', '=', 'so_classification')
          .execute(),
  ]);
  const stored = new Map(settingsRows.map((row) => [row.user_id, row.settings]));
  const classificationsOf = new Map<number, Set<string>>();
  for (const row of preferenceRows) {
    const set = classificationsOf.get(row.user_id) ?? new Set<string>();
    set.add(row.value);
    classificationsOf.set(row.user_id, set);
  }
  const candidates = new Map<number, TCandidate>(
    [...users.values()].map((user) => [
      user.id,
      {
        ...user,
        settings: settingsOf(user, stored.get(user.id), timeZone),
        favorites: favoritesOf.get(user.id) ?? new Set(),
        classifications: classificationsOf.get(user.id) ?? new Set(),
      },
    ]),
  );
  // Each event is weighed against the users who could follow it, not against everyone.
  const byPatient = new Map<string, TCandidate[]>();
  const byPayor = new Map<string, TCandidate[]>();
  const addTo = (map: Map<string, TCandidate[]>, key: string, user: TCandidate) => {
    const list = map.get(key) ?? [];
    if (!list.includes(user)) {
      list.push(user);
    }
    map.set(key, list);
  };
  for (const user of candidates.values()) {
    if (user.patient_key !== null) {
      addTo(byPatient, user.patient_key, user);
    }
    for (const key of user.favorites) {
      addTo(byPatient, key, user);
    }
    if (user.settings.scope === 'payor' && user.payor_key !== null) {
      addTo(byPayor, user.payor_key, user);
    }
  }
  const rows: TNotificationRow[] = [];
  for (const event of events) {
    const reached = new Set([
      ...(byPatient.get(event.patient_key) ?? []),
      ...(event.payor_key === null ? [] : (byPayor.get(event.payor_key) ?? [])),
    ]);
    for (const user of reached) {
      if (!canRead(user, event) || !follows(user, event)) {
        continue;
      }
      const choice = user.settings.kinds[event.kind];
      if (!choice.in_app && choice.email === 'off') {
        continue;
      }
      rows.push({
        user_id: user.id,
        event_id: event.id,
        in_app: choice.in_app ? 1 : 0,
        email_state: EMAIL_STATE[choice.email],
      });
    }
  }
  return rows;
};

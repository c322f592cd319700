import { ZodError } from 'zod';
import {
  NOTIFICATION_LIMITS,
  NOTIFICATION_MESSAGES,
  type TNotificationSettings,
  type TNotificationSettingsResponse,
} from '@portal/domain/notifications-api';
import { ApiError } from '../../../lib/api-client';

/** The settings as the form holds them: the threshold as typed, so it may be empty a while. */
export type TSettingsForm = Omit<TNotificationSettings, 'waiting_days'> & { waiting_days: string };

export type TSettingsField = 'waiting_days' | 'categories' | 'time_zone';
export type TSettingsErrors = Partial<Record<TSettingsField, string>>;

/** What parts of the form this account has: a patient hears of their own orders only. */
export const formParts = (answer: Pick<TNotificationSettingsResponse, 'available_kinds'>) => {
  const waiting = answer.available_kinds.includes('waiting');
  return { waiting, scope: waiting };
};

export const toForm = (settings: TNotificationSettings): TSettingsForm => ({
  ...settings,
  waiting_days: String(settings.waiting_days),
});

/** The IANA zones the browser knows, with the saved one kept even where it is not listed. */
export const timeZoneOptions = (saved: string): string[] => {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(saved) ? known : [...known, saved].sort();
};

const { min, max } = NOTIFICATION_LIMITS.waitingDays;
export const WAITING_DAYS_ERROR = `Enter a whole number of days from ${min} to ${max}.`;

/** The form's own checks, before the server's: each field's problem in the contract's words. */
export const validateForm = (
  form: TSettingsForm,
  options: { waiting: boolean; scope: boolean; zones: readonly string[] },
): TSettingsErrors => {
  const days = Number(form.waiting_days);
  return {
    ...(options.waiting && !(/^\d+$/.test(form.waiting_days) && days >= min && days <= max)
      ? { waiting_days: WAITING_DAYS_ERROR }
      : {}),
    ...(options.scope && form.scope === 'payor' && form.categories.length === 0
      ? { categories: NOTIFICATION_MESSAGES.categoriesRequired }
      : {}),
    ...(options.zones.includes(form.time_zone)
      ? {}
      : { time_zone: NOTIFICATION_MESSAGES.timeZoneInvalid }),
  };
};

/** The body of PUT /api/notification-settings; a threshold this account has not is kept. */
export const toSettings = (form: TSettingsForm, saved: TNotificationSettings) => ({
  ...form,
  waiting_days: /^\d+$/.test(form.waiting_days) ? Number(form.waiting_days) : saved.waiting_days,
});

/** The server's reason for a refused save, or the contract's words when it gave none. */
export const saveFailureText = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.serverError
    ? error.serverError
    : error instanceof ZodError
      ? (error.issues[0]?.message ?? NOTIFICATION_MESSAGES.settingsFailed)
      : NOTIFICATION_MESSAGES.settingsFailed;

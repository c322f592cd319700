import { useMemo, useState, type SubmitEvent } from 'react';
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_MESSAGES,
  type TNotificationSettingsResponse,
} from '@portal/domain/notifications-api';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useTimedNotice } from '../../../lib/use-timed-notice';
import { useUpdateNotificationSettings } from '../api/update-notification-settings';
import {
  formParts,
  saveFailureText,
  timeZoneOptions,
  toForm,
  toSettings,
  validateForm,
  type TSettingsErrors,
  type TSettingsField,
  type TSettingsForm,
} from '../lib/settings-form';
import { DigestFields } from './digest-fields';
import { KindSettings } from './kind-settings';
import { ScopeFields, type TCategoryList } from './scope-fields';

/** Where the focus goes for each field's error, in the order the form shows them. */
const FIELD_TARGETS: readonly [TSettingsField, string][] = [
  ['waiting_days', 'notify-waiting-days'],
  ['categories', 'notify-categories'],
  ['time_zone', 'notify-time-zone'],
];

type TProps = { answer: TNotificationSettingsResponse; categories: TCategoryList };

/**
 * The notification settings: per kind in the portal and by email, the waiting threshold,
 * whose orders (staff), and when the daily digest goes out. Saved as a whole.
 */
export const NotificationSettingsForm = ({ answer, categories }: TProps) => {
  const [form, setForm] = useState<TSettingsForm>(() => toForm(answer.settings));
  const [errors, setErrors] = useState<TSettingsErrors>({});
  const save = useUpdateNotificationSettings();
  const { notice, show, clear } = useTimedNotice({ keepErrors: true });
  const parts = formParts(answer);
  const zones = useMemo(() => timeZoneOptions(answer.settings.time_zone), [answer.settings]);
  const busy = save.isPending;

  const change = (next: Partial<TSettingsForm>) => setForm((current) => ({ ...current, ...next }));
  const toggleCategory = (key: string) =>
    change({
      categories: form.categories.includes(key)
        ? form.categories.filter((item) => item !== key)
        : [...form.categories, key],
    });

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    clear();
    const found = validateForm(form, { ...parts, zones });
    setErrors(found);
    const first = FIELD_TARGETS.find(([field]) => found[field]);
    if (first) {
      document.getElementById(first[1])?.focus();
      return;
    }
    try {
      const saved = await save.mutateAsync(toSettings(form, answer.settings));
      setForm(toForm(saved.settings));
      show({ tone: 'success', text: NOTIFICATION_MESSAGES.settingsSaved });
    } catch (error) {
      show({ tone: 'error', text: saveFailureText(error) });
    }
  };

  return (
    <form className="space-y-5" noValidate onSubmit={(event) => void submit(event)}>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <div className="space-y-3">
        {NOTIFICATION_KINDS.filter((kind) => answer.available_kinds.includes(kind)).map((kind) => (
          <KindSettings
            key={kind}
            kind={kind}
            setting={form.kinds[kind]}
            disabled={busy}
            onChange={(setting) => change({ kinds: { ...form.kinds, [kind]: setting } })}
            waitingDays={
              kind === 'waiting'
                ? {
                    value: form.waiting_days,
                    error: errors.waiting_days,
                    onChange: (value) => change({ waiting_days: value }),
                  }
                : undefined
            }
          />
        ))}
      </div>
      {parts.scope && (
        <ScopeFields
          scope={form.scope}
          onScopeChange={(scope) => change({ scope })}
          payorScopeAvailable={answer.payor_scope_available}
          categories={categories}
          selected={form.categories}
          onToggleCategory={toggleCategory}
          categoriesError={errors.categories}
          disabled={busy}
        />
      )}
      <DigestFields
        digestTime={form.digest_time}
        timeZone={form.time_zone}
        zones={zones}
        timeZoneError={errors.time_zone}
        disabled={busy}
        onDigestTimeChange={(digest_time) => change({ digest_time })}
        onTimeZoneChange={(time_zone) => change({ time_zone })}
      />
      <Button type="submit" variant="primary" disabled={busy} className="w-full sm:w-auto">
        {busy ? 'Saving...' : 'Save notification settings'}
      </Button>
    </form>
  );
};

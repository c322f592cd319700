import { useState } from 'react';
import type { TAuthUser } from '@portal/domain/auth-api';
import { DASHBOARD_MESSAGES } from '@portal/domain/patients-api';
import { usePreferences } from '../api/get-preferences';
import { useSoClassifications } from '../api/get-so-classifications';
import { useToggleClassification } from '../api/toggle-classification';
import {
  classificationToggles,
  shouldShowFilterPrompt,
  toggleSelection,
} from '../lib/first-login-rules';
import type { TClassificationListState } from './classification-checklist';
import { FilterPreferencesDialog } from './filter-preferences-dialog';

type TPromptProps = {
  /** Stores filter_preferences_shown and refreshes the user; the app's auth feature owns it. */
  markShown: () => Promise<unknown>;
};

/** The prompt at work: loads categories and preferences, saves or skips, then closes. */
const FilterPrompt = ({ markShown, onClose }: TPromptProps & { onClose: () => void }) => {
  const classifications = useSoClassifications();
  const preferences = usePreferences();
  const toggle = useToggleClassification();
  // Untouched, the selection follows the enabled preferences once they arrive.
  const [picked, setPicked] = useState<string[]>();
  const [busy, setBusy] = useState<'save' | 'skip'>();
  const [error, setError] = useState<string>();

  const enabled = preferences.data?.so_classifications ?? [];
  const selected = picked ?? enabled;

  const list: TClassificationListState = classifications.isError
    ? {
        status: 'error',
        message: classifications.error.message,
        onRetry: () => void classifications.refetch(),
      }
    : classifications.data && preferences.data
      ? { status: 'ready', classifications: classifications.data }
      : { status: 'pending' };

  const save = async () => {
    setBusy('save');
    setError(undefined);
    try {
      // One at a time: each answer is the new enabled set a retry would start from.
      const listed = (classifications.data ?? []).map((classification) => classification.key);
      for (const key of classificationToggles({ enabled, selected, listed })) {
        await toggle.mutateAsync(key);
      }
      await markShown();
      onClose();
    } catch (failure) {
      console.warn('Saving the dashboard filters failed', failure);
      setError(DASHBOARD_MESSAGES.savePreferences);
      setBusy(undefined);
    }
  };

  const skip = async () => {
    setBusy('skip');
    try {
      await markShown();
    } catch (failure) {
      // The prompt closes anyway (core.md section 2); it may come back at the next sign-in.
      console.warn('Marking the filter prompt as shown failed', failure);
    }
    onClose();
  };

  return (
    <FilterPreferencesDialog
      list={list}
      selected={selected}
      busy={busy}
      error={error}
      onToggle={(key) => setPicked(toggleSelection(selected, key))}
      onSkip={() => void skip()}
      onSave={() => void save()}
    />
  );
};

/** The first-login filter prompt of the signed-in layout: shown once to eligible users. */
export const FirstLoginFilterPrompt = ({ user, markShown }: TPromptProps & { user: TAuthUser }) => {
  // Closed for this user in this page load even if the flag could not be stored.
  const [closedFor, setClosedFor] = useState<number>();
  if (!shouldShowFilterPrompt(user) || closedFor === user.id) {
    return null;
  }
  return <FilterPrompt key={user.id} markShown={markShown} onClose={() => setClosedFor(user.id)} />;
};

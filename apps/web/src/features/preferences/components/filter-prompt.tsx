import { useState } from 'react';
import { DASHBOARD_MESSAGES } from '@portal/domain/patients-rules';
import { usePreferences } from '../api/get-preferences';
import { useSoClassifications } from '../api/get-so-classifications';
import { useToggleClassification } from '../api/toggle-classification';
import { classificationToggles, toggleSelection } from '../lib/first-login-rules';
import type { TClassificationListState } from './classification-checklist';
import { FilterPreferencesDialog } from './filter-preferences-dialog';
/** The first-login prompt's dialog; first-login-filter-prompt.tsx loads it only when it opens. */
export type TPromptProps = {
  /** Stores filter_preferences_shown and refreshes the user; the app's auth feature owns it. */
  markShown: () => Promise<unknown>;
};

/** The prompt at work: loads categories and preferences, saves or skips, then closes. */
export const FilterPrompt = ({ markShown, onClose }: TPromptProps & { onClose: () => void }) => {
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
        retrying: classifications.isFetching,
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

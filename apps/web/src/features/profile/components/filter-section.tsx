import { useState } from 'react';
import type { TClassification } from '@portal/domain/patients-api';
import { PROFILE_MESSAGES } from '@portal/domain/profile-api';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { useTimedNotice } from '../../../lib/use-timed-notice';
import { failureText } from '../lib/profile-rules';
import { ProfileSection } from './profile-section';

export type TFilterList =
  | { status: 'pending' }
  | { status: 'error'; onRetry: () => void }
  | { status: 'ready'; classifications: readonly TClassification[]; enabled: readonly string[] };

type TProps = {
  list: TFilterList;
  /** Makes the selection the enabled set; the app toggles the differences one by one. */
  onSave: (selected: string[]) => Promise<unknown>;
};

/**
 * Order Classification Filters: which order categories the dashboard shows. This is where
 * the first-login prompt's "you can change them later" leads.
 */
export const FilterSection = ({ list, onSave }: TProps) => (
  <ProfileSection
    id="filters"
    title="Order Classification Filters"
    description="Choose the order categories your dashboard shows. With none selected, all orders are shown."
  >
    {list.status === 'pending' ? (
      <SkeletonRows rows={4} label="Loading order classifications..." />
    ) : list.status === 'error' ? (
      <ErrorState
        title="Failed to load order classifications"
        message="Check your connection and try again."
        onRetry={list.onRetry}
      />
    ) : list.classifications.length === 0 ? (
      <EmptyState title={PROFILE_MESSAGES.noClassifications} />
    ) : (
      <FilterForm classifications={list.classifications} enabled={list.enabled} onSave={onSave} />
    )}
  </ProfileSection>
);

const FilterForm = ({
  classifications,
  enabled,
  onSave,
}: {
  classifications: readonly TClassification[];
  enabled: readonly string[];
  onSave: (selected: string[]) => Promise<unknown>;
}) => {
  // Untouched, the selection follows the enabled set as the server reports it.
  const [picked, setPicked] = useState<string[]>();
  const [busy, setBusy] = useState(false);
  const { notice, show, clear } = useTimedNotice({ keepErrors: true });
  const selected = picked ?? [...enabled];

  const toggle = (key: string) =>
    setPicked(
      selected.includes(key) ? selected.filter((item) => item !== key) : [...selected, key],
    );

  const save = async () => {
    clear();
    setBusy(true);
    try {
      await onSave(selected);
      setPicked(undefined);
      show({ tone: 'success', text: PROFILE_MESSAGES.filtersUpdated });
    } catch (error) {
      // What was saved before the failure now shows as enabled.
      setPicked(undefined);
      show({ tone: 'error', text: failureText(PROFILE_MESSAGES.filtersFailed, error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-4">
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <fieldset>
        <legend className="sr-only">Order classifications</legend>
        <ul className="grid gap-1 sm:grid-cols-2">
          {classifications.map((classification) => {
            const id = `profile-filter-${classification.id}`;
            return (
              <li key={classification.key} className="rounded-md px-2 py-2 hover:bg-slate-50">
                <Checkbox
                  id={id}
                  label={classification.name ?? classification.key}
                  description={classification.description ?? undefined}
                  checked={selected.includes(classification.key)}
                  disabled={busy}
                  onCheckedChange={() => toggle(classification.key)}
                />
              </li>
            );
          })}
        </ul>
      </fieldset>
      <Button
        variant="primary"
        disabled={busy}
        className="w-full sm:w-auto"
        onClick={() => void save()}
      >
        {busy ? 'Saving...' : 'Save Filters'}
      </Button>
    </div>
  );
};

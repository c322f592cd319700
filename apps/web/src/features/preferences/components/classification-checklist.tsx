import type { TClassification } from '@portal/domain/patients-api';
import { Checkbox } from '../../../components/ui/checkbox';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Label } from '../../../components/ui/field';
import { SkeletonRows } from '../../../components/ui/skeleton';

export type TClassificationListState =
  | { status: 'pending' }
  | { status: 'error'; message: string; onRetry: () => void; retrying?: boolean }
  | { status: 'ready'; classifications: readonly TClassification[] };

type TProps = {
  list: TClassificationListState;
  selected: readonly string[];
  disabled: boolean;
  onToggle: (key: string) => void;
};

/** The order categories as checkboxes, with the list's loading, empty and error states. */
export const ClassificationChecklist = ({ list, selected, disabled, onToggle }: TProps) => {
  if (list.status === 'pending') {
    return <SkeletonRows rows={4} label="Loading order categories..." />;
  }
  if (list.status === 'error') {
    return (
      <ErrorState
        title="Failed to load order categories"
        message={list.message}
        onRetry={list.onRetry}
        retrying={list.retrying}
      />
    );
  }
  if (list.classifications.length === 0) {
    return <EmptyState title="No order categories are available." />;
  }
  return (
    <fieldset>
      <Label asChild>
        <legend>Order categories</legend>
      </Label>
      <ul className="max-h-72 space-y-1 overflow-y-auto rounded-lg border border-slate-200 p-2">
        {list.classifications.map((classification) => (
          <li key={classification.key} className="rounded-md px-2 py-2 hover:bg-slate-50">
            <Checkbox
              id={`so-classification-${classification.id}`}
              label={classification.name ?? classification.key}
              description={classification.description ?? undefined}
              checked={selected.includes(classification.key)}
              disabled={disabled}
              onCheckedChange={() => onToggle(classification.key)}
            />
          </li>
        ))}
      </ul>
    </fieldset>
  );
};

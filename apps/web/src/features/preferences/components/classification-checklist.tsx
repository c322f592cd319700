import type { TClassification } from '@portal/domain/patients-api';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';

export type TClassificationListState =
  | { status: 'pending' }
  | { status: 'error'; message: string; onRetry: () => void }
  | { status: 'ready'; classifications: readonly TClassification[] };

type TProps = {
  list: TClassificationListState;
  selected: readonly string[];
  disabled: boolean;
  onToggle: (key: string) => void;
};

/** The order categories as checkboxes, with the list's loading and error states. */
export const ClassificationChecklist = ({ list, selected, disabled, onToggle }: TProps) => {
  if (list.status === 'pending') {
    return <Spinner label="Loading order categories..." />;
  }
  if (list.status === 'error') {
    return (
      <Alert tone="error">
        <p>Failed to load order categories: {list.message}</p>
        <button
          type="button"
          className="mt-2 font-semibold underline underline-offset-2 focus-visible:ring-2 focus-visible:ring-red-700 focus-visible:outline-none"
          onClick={list.onRetry}
        >
          Try again
        </button>
      </Alert>
    );
  }
  if (list.classifications.length === 0) {
    return <p className="py-4 text-sm text-slate-600">No order categories are available.</p>;
  }
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-700">Order categories</legend>
      <ul className="max-h-72 space-y-1 overflow-y-auto rounded-lg border border-slate-200 p-2">
        {list.classifications.map((classification) => {
          const id = `so-classification-${classification.id}`;
          const hint = classification.description ? `${id}-description` : undefined;
          return (
            <li
              key={classification.key}
              className="flex items-start gap-3 rounded-md px-2 py-2 hover:bg-slate-50"
            >
              <input
                id={id}
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 accent-brand-600"
                checked={selected.includes(classification.key)}
                disabled={disabled}
                aria-describedby={hint}
                onChange={() => onToggle(classification.key)}
              />
              <div>
                <label
                  htmlFor={id}
                  className="block cursor-pointer text-sm font-medium text-slate-900"
                >
                  {classification.name ?? classification.key}
                </label>
                {hint ? (
                  <p id={hint} className="text-xs text-slate-600">
                    {classification.description}
                  </p>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
};

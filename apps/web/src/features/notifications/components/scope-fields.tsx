import {
  NOTIFICATION_MESSAGES,
  NOTIFICATION_SCOPES,
  NOTIFICATION_SCOPE_LABELS,
  type TNotificationScope,
} from '@portal/domain/notifications-api';
import type { TClassification } from '@portal/domain/patients-api';
import { Checkbox } from '../../../components/ui/checkbox';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Label, fieldMessageIds } from '../../../components/ui/field';
import { Radio } from '../../../components/ui/radio';
import { SkeletonRows } from '../../../components/ui/skeleton';

/** The order categories to choose from, as the app's classifications query has them. */
export type TCategoryList =
  | { status: 'pending' }
  | { status: 'error'; onRetry: () => void; retrying?: boolean }
  | { status: 'ready'; classifications: readonly TClassification[] };

type TProps = {
  scope: TNotificationScope;
  onScopeChange: (scope: TNotificationScope) => void;
  payorScopeAvailable: boolean;
  categories: TCategoryList;
  selected: readonly string[];
  onToggleCategory: (key: string) => void;
  categoriesError: string | undefined;
  disabled: boolean;
};

/** Whose orders a staff user hears about; with their payor's, in which categories. */
export const ScopeFields = (props: TProps) => (
  <fieldset>
    <Label asChild>
      <legend>Whose orders</legend>
    </Label>
    <div className="space-y-2">
      {NOTIFICATION_SCOPES.map((scope) => {
        const closed = scope === 'payor' && !props.payorScopeAvailable;
        return (
          <Radio
            key={scope}
            id={`notify-scope-${scope}`}
            name="notify-scope"
            value={scope}
            label={NOTIFICATION_SCOPE_LABELS[scope]}
            description={closed ? NOTIFICATION_MESSAGES.payorScopeNeedsPayor : undefined}
            checked={props.scope === scope}
            disabled={props.disabled || closed}
            onChange={() => props.onScopeChange(scope)}
          />
        );
      })}
    </div>
    {props.scope === 'payor' && props.payorScopeAvailable && <CategoryChoice {...props} />}
  </fieldset>
);

const CategoryChoice = ({ categories, selected, onToggleCategory, ...props }: TProps) => {
  if (categories.status === 'pending') {
    return <SkeletonRows rows={3} label="Loading order categories..." className="mt-3" />;
  }
  if (categories.status === 'error') {
    return (
      <ErrorState
        className="mt-3"
        title="Failed to load order categories"
        message="Check your connection and try again."
        onRetry={categories.onRetry}
        retrying={categories.retrying}
      />
    );
  }
  if (categories.classifications.length === 0) {
    return <EmptyState className="mt-3" title="No order categories are available." />;
  }
  const errorId = fieldMessageIds('notify-categories').error;
  return (
    <fieldset
      id="notify-categories"
      tabIndex={-1}
      className="mt-3 focus:outline-none"
      aria-describedby={props.categoriesError ? errorId : undefined}
    >
      <Label asChild>
        <legend>Categories</legend>
      </Label>
      <ul className="max-h-60 space-y-1 overflow-y-auto rounded-lg border border-slate-200 p-2">
        {categories.classifications.map((classification) => (
          <li key={classification.key} className="rounded-md px-2 py-1.5 hover:bg-slate-50">
            <Checkbox
              id={`notify-category-${classification.id}`}
              label={classification.name ?? classification.key}
              checked={selected.includes(classification.key)}
              disabled={props.disabled}
              onCheckedChange={() => onToggleCategory(classification.key)}
            />
          </li>
        ))}
      </ul>
      {props.categoriesError && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {props.categoriesError}
        </p>
      )}
    </fieldset>
  );
};

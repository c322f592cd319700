import { Button } from '../../../components/ui/button';

/**
 * 'n patient(s) selected • N total without portal access', Clear selection and Activate
 * Selected. The total is left out while it is unknown (loading, or the list failed).
 * Both buttons use aria-disabled, not disabled: they keep focus, and the confirmation that
 * Activate Selected opens gives focus back to it.
 */
export const SelectionBar = ({
  selected,
  total,
  activating,
  onClear,
  onActivate,
}: {
  selected: number;
  total: number | undefined;
  activating: boolean;
  onClear: () => void;
  onActivate: () => void;
}) => (
  <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
    <p className="text-sm text-slate-700" aria-live="polite">
      {selected} patient(s) selected
      {total === undefined ? '' : ` • ${total.toLocaleString()} total without portal access`}
    </p>
    <div className="flex flex-wrap gap-2">
      <Button aria-disabled={selected === 0} onClick={() => selected > 0 && onClear()}>
        Clear selection
      </Button>
      <Button
        variant="primary"
        aria-disabled={activating}
        onClick={() => !activating && onActivate()}
      >
        {activating ? 'Activating...' : `Activate Selected (${selected})`}
      </Button>
    </div>
  </div>
);

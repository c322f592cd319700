import * as Dialog from '@radix-ui/react-dialog';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { NO_CATEGORIES_WARNING } from '../lib/first-login-rules';
import { ClassificationChecklist, type TClassificationListState } from './classification-checklist';

export const FILTER_DIALOG_TITLE = 'Set Your Dashboard Filters';

type TProps = {
  list: TClassificationListState;
  selected: readonly string[];
  /** Which button is at work, if any. */
  busy: 'save' | 'skip' | undefined;
  error: string | undefined;
  onToggle: (key: string) => void;
  onSkip: () => void;
  onSave: () => void;
};

const keepOpen = (event: Event) => event.preventDefault();

/**
 * The first-login prompt (core.md section 2): closable only through its buttons, so Escape
 * and clicks outside are ignored and there is no close button.
 */
export const FilterPreferencesDialog = (props: TProps) => {
  const { list, selected, busy, error } = props;
  const working = busy !== undefined;
  return (
    <Dialog.Root open>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          onEscapeKeyDown={keepOpen}
          onPointerDownOutside={keepOpen}
          onInteractOutside={keepOpen}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <div>
            <Dialog.Title className="text-xl font-bold text-slate-900">
              {FILTER_DIALOG_TITLE}
            </Dialog.Title>
            <Dialog.Description className="mt-1 text-sm text-slate-600">
              Choose the order categories you want to see on your dashboard. You can change them
              later.
            </Dialog.Description>
          </div>
          {error ? <Alert tone="error">{error}</Alert> : null}
          <ClassificationChecklist
            list={list}
            selected={selected}
            disabled={working}
            onToggle={props.onToggle}
          />
          {list.status === 'ready' && selected.length === 0 ? (
            <p
              role="status"
              className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
            >
              {NO_CATEGORIES_WARNING}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button disabled={working} onClick={props.onSkip}>
              Skip for now
            </Button>
            <Button
              variant="primary"
              disabled={working || list.status !== 'ready'}
              onClick={props.onSave}
            >
              {busy === 'save' ? 'Saving...' : 'Save Preferences'}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
};

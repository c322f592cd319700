import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal } from '../../../components/ui/modal';
import { useConsoleDialog } from './use-console-dialog';

/** Two console-like dialogs without a Radix trigger, the second opened from the first. */
const Harness = () => {
  const frame = useRef<HTMLDivElement>(null);
  const [showOpener, setShowOpener] = useState(true);
  const { dialog, openDialog, closeDialog } = useConsoleDialog<'details' | 'samples'>(frame);
  const onOpenChange = (open: boolean) => !open && closeDialog();
  return (
    <div ref={frame}>
      <div role="tablist" aria-label="Data sync">
        <button type="button" role="tab" aria-selected="true">
          Job History
        </button>
      </div>
      {showOpener && (
        <button type="button" onClick={() => openDialog('details')}>
          View Details
        </button>
      )}
      {dialog === 'details' && (
        <Modal open onOpenChange={onOpenChange} title="Job Details">
          <button type="button" onClick={() => openDialog('samples')}>
            View Data Samples
          </button>
          <button type="button" onClick={() => setShowOpener(false)}>
            Drop the row
          </button>
          <button type="button" onClick={closeDialog}>
            Close
          </button>
        </Modal>
      )}
      {dialog === 'samples' && (
        <Modal open onOpenChange={onOpenChange} title="Data Sample Comparison">
          <p>Rows</p>
        </Modal>
      )}
    </div>
  );
};

/** Focuses the button first, as a click or Enter in a browser does, then presses it. */
const press = (button: HTMLElement) => {
  button.focus();
  fireEvent.click(button);
};

const escape = () => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

describe('useConsoleDialog', () => {
  it('hands focus back to the opener after Escape and after Close', async () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'View Details' });
    press(opener);
    await screen.findByRole('dialog', { name: 'Job Details' });
    escape();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));

    press(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Job Details' });
    // The dialog's own Close button (the corner one is Radix's).
    press(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('returns to the first opener when a dialog was replaced by the next one', async () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'View Details' });
    press(opener);
    press(await screen.findByRole('button', { name: 'View Data Samples' }));
    await screen.findByRole('dialog', { name: 'Data Sample Comparison' });
    escape();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('falls back to the selected tab when the opener has gone', async () => {
    render(<Harness />);
    press(screen.getByRole('button', { name: 'View Details' }));
    press(await screen.findByRole('button', { name: 'Drop the row' }));
    escape();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Job History' })),
    );
  });
});

import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

const Harness = ({ onConfirmed }: { onConfirmed: () => void }) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Other document
      </button>
      <ConfirmDialog
        open={open}
        title="Discard unsaved changes?"
        message="Leaving now loses them."
        confirmLabel="Discard changes"
        cancelLabel="Keep editing"
        onConfirm={() => {
          setOpen(false);
          onConfirmed();
        }}
        onCancel={() => setOpen(false)}
      />
    </>
  );
};

describe('ConfirmDialog', () => {
  it('asks as a named alert dialog, starting on the safe choice', () => {
    render(<Harness onConfirmed={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Other document' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Leaving now loses them.',
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep editing' }));
  });

  it('gives focus back to the control that asked when the user cancels', async () => {
    const confirmed: boolean[] = [];
    render(<Harness onConfirmed={() => confirmed.push(true)} />);
    const opener = screen.getByRole('button', { name: 'Other document' });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));

    opener.focus();
    fireEvent.click(opener);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(confirmed).toEqual([]);

    fireEvent.click(opener);
    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(confirmed).toEqual([true]);
  });
});

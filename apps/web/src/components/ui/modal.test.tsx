import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal } from './modal';

const Harness = () => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal open={open} onOpenChange={setOpen} title="Patient Details">
        <p>Inside</p>
      </Modal>
    </>
  );
};

describe('Modal', () => {
  it('draws nothing until it first opens, then opens, closes and opens again as a dialog', () => {
    const view = render(<Harness />);
    // Closed and never opened: not even Radix's hidden parts are in the page.
    expect(view.container.innerHTML).toBe('<button type="button">Open</button>');
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Patient Details' });
    expect(dialog.textContent).toContain('Inside');

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog', { name: 'Patient Details' })).toBeTruthy();
  });
});

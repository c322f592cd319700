import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { IDLE_WARNING_TITLE, IdleWarningDialog } from './idle-warning-dialog';

const renderDialog = () => {
  const onStaySignedIn = vi.fn();
  const onSignOut = vi.fn();
  render(
    <IdleWarningDialog
      remainingMs={119_500}
      onStaySignedIn={onStaySignedIn}
      onSignOut={onSignOut}
    />,
  );
  return { onStaySignedIn, onSignOut, dialog: screen.getByRole('alertdialog') };
};

describe('IdleWarningDialog', () => {
  it('is an alert dialog named by its warning, with the countdown in its description', () => {
    const { dialog } = renderDialog();
    expect(dialog.getAttribute('aria-labelledby')).toBeTruthy();
    expect(screen.getByRole('alertdialog', { name: IDLE_WARNING_TITLE })).toBe(dialog);
    const description = document.getElementById(dialog.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toContain('signed out in 2:00');
  });

  it('moves the focus onto Stay signed in', () => {
    renderDialog();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Stay signed in' }));
  });

  it('answers only its buttons: Escape does not decide for an absent user', () => {
    const { dialog, onStaySignedIn, onSignOut } = renderDialog();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('alertdialog')).toBe(dialog);
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    expect(onStaySignedIn).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });
});

import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChangePasswordForm, validateChangePassword } from './change-password-form';

describe('change-password validation', () => {
  it('gives the spec’s messages', () => {
    expect(validateChangePassword({ current: '', next: '', confirm: '' }, false)).toEqual({
      current: 'Current password is required',
      next: 'New password is required',
    });
    expect(validateChangePassword({ current: '', next: 'short', confirm: 'short' }, true)).toEqual({
      next: 'Password must be at least 8 characters long',
    });
    expect(
      validateChangePassword({ current: 'x', next: 'Good-Pass1!', confirm: 'Other-Pass1!' }, false),
    ).toEqual({ confirm: 'Passwords do not match' });
  });

  it('hides the current password when setting a first password, and editing clears an error', () => {
    const onSubmit = vi.fn();
    render(<ChangePasswordForm firstPassword phase="idle" onSubmit={onSubmit} />);
    expect(screen.queryByLabelText('Current password')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Set Password & Continue' }));
    expect(screen.getByText('New password is required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'G' } });
    expect(screen.queryByText('New password is required')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('blocks submission while processing and after success', () => {
    const { rerender } = render(
      <ChangePasswordForm firstPassword={false} phase="processing" onSubmit={vi.fn()} />,
    );
    expect(screen.getByRole('button', { name: 'Processing...' })).toHaveProperty('disabled', true);
    rerender(<ChangePasswordForm firstPassword={false} phase="done" onSubmit={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Password Updated' })).toHaveProperty(
      'disabled',
      true,
    );
  });
});

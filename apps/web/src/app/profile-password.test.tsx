import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES } from '@portal/domain/profile-api';
import {
  PasswordSection,
  type TPasswordChange,
} from '../features/profile/components/password-section';
import { ApiError } from '../lib/api-client';
import { renderProfilePasswordForm } from './profile-route';

const NEW = 'New-Pass-2!';

const fill = (current: string, next: string, confirm: string) => {
  fireEvent.change(screen.getByLabelText('Current Password'), { target: { value: current } });
  fireEvent.change(screen.getByLabelText('New Password'), { target: { value: next } });
  fireEvent.change(screen.getByLabelText('Confirm New Password'), { target: { value: confirm } });
};

const renderSection = (onChangePassword: (input: TPasswordChange) => Promise<unknown>) =>
  render(
    <PasswordSection
      onChangePassword={onChangePassword}
      renderForm={renderProfilePasswordForm('pat@example.com')}
    />,
  );

describe('profile password section (the change-password form, in the profile’s words)', () => {
  it('opens on Change Password and closes and clears on Cancel', () => {
    renderSection(async () => undefined);
    expect(screen.queryByLabelText('Current Password')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    fill('Old-Pass-1!', NEW, NEW);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Current Password')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(screen.getByLabelText<HTMLInputElement>('Current Password').value).toBe('');
  });

  it('refuses differing new passwords without calling the server', async () => {
    const calls: TPasswordChange[] = [];
    renderSection(async (input) => calls.push(input));
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    fill('Old-Pass-1!', NEW, 'New-Pass-3!');
    fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText(PROFILE_MESSAGES.passwordsDiffer)).toBeTruthy();
    expect(screen.getByLabelText('Confirm New Password').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
  });

  it('sends current and new password, then closes with the success text', async () => {
    const calls: TPasswordChange[] = [];
    renderSection(async (input) => calls.push(input));
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    fill('Old-Pass-1!', NEW, NEW);
    fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText(PROFILE_MESSAGES.passwordUpdated)).toBeTruthy();
    expect(calls).toEqual([{ current_password: 'Old-Pass-1!', new_password: NEW }]);
    expect(screen.queryByLabelText('Current Password')).toBeNull();
  });

  it('shows the server’s password rule after the spec’s failure text and stays open', async () => {
    renderSection(async () => {
      throw new ApiError(400, 'x', { error: 'Current password is incorrect', code: 'x' });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    fill('Old-Pass-1!', NEW, NEW);
    fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(
      await screen.findByText(`${PROFILE_MESSAGES.passwordFailed}: Current password is incorrect`),
    ).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Current Password').value).toBe('Old-Pass-1!');
  });
});

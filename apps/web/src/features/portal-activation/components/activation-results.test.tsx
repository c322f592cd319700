import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { INVITED } from '@portal/domain/first-access';
import { ActivationResults } from './activation-results';
import { ConfirmActivation } from './confirm-activation';

const row = (n: number, invited: boolean) => ({
  row: n,
  patient_id: `P00${n}`,
  email: `p${n}@example.com`,
  name: `Patient ${n}`,
  primary_payor: 'Acme Health',
  temp_password: invited ? null : 'Xy7!temp-Pass',
  invited,
});

describe('activation by invitation', () => {
  it('says invited where a password would be, and what happened', () => {
    render(<ActivationResults results={{ total: 1, successful: [row(1, true)], failed: [] }} />);
    const table = screen.getByRole('table', { name: 'Activated patients' });
    expect(within(table).getByText(INVITED)).toBeTruthy();
    expect(screen.getByText(/were sent an invitation email/)).toBeTruthy();
    expect(screen.queryByText(/Temporary passwords are shown only now/)).toBeNull();
  });

  it('still shows the password when that was chosen', () => {
    render(<ActivationResults results={{ total: 1, successful: [row(2, false)], failed: [] }} />);
    expect(screen.getByText('Xy7!temp-Pass')).toBeTruthy();
    expect(screen.getByText(/Temporary passwords are shown only now/)).toBeTruthy();
  });

  it('asks first, saying an invitation email goes out', () => {
    render(
      <ConfirmActivation
        count={2}
        open
        delivery="invitation"
        onConfirm={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Activate 2 patients?' });
    expect(within(dialog).getByText(/an invitation email with a one-time link/)).toBeTruthy();
  });
});

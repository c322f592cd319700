import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useScreenWidth } from '../../../testing/screen-width';
import { IntakeList } from './intake-list';

describe('IntakeList', () => {
  it('shows name, ID and date of birth, and the phone on the mobile cards', () => {
    render(<IntakePatientsFixture />);
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Patient Name',
      'Patient ID',
      'Date of Birth',
    ]);
    const row = screen.getByRole('row', { name: /Ada Byron/ });
    expect(within(row).getByText('12/10/1985')).toBeTruthy();
    const card = screen.getByTestId('intake-card');
    expect(within(card).getByText('(312) 555-0199')).toBeTruthy();
  });

  const screenWidth = useScreenWidth();

  it('draws only the table on a wide screen and only the cards on a phone', () => {
    screenWidth('wide');
    const { unmount } = render(<IntakePatientsFixture />);
    expect(screen.getByRole('table')).toBeTruthy();
    expect(screen.queryByTestId('intake-card')).toBeNull();
    unmount();
    screenWidth('narrow');
    render(<IntakePatientsFixture />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByTestId('intake-card')).toBeTruthy();
  });

  it("says 'No intake patients found' for an empty page", () => {
    render(<IntakeList patients={[]} />);
    expect(screen.getByText('No intake patients found')).toBeTruthy();
  });
});

const IntakePatientsFixture = () => (
  <IntakeList
    patients={[
      {
        patient_key: 'IK-1',
        patient_id: 'INT-7',
        first_name: 'Ada',
        last_name: 'Byron',
        dob: '1985-12-10',
        phone: '312-555-0199',
      },
    ]}
  />
);

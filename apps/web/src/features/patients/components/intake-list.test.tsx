import { render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TIntakePatient } from '@portal/domain/patients-api';
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
    render(<IntakeList patients={[]} payorKey="PAY-1" />);
    expect(screen.getByText('No intake patients found')).toBeTruthy();
  });

  it('leads from a patient the patient list holds to them on the dashboard, in table and card', () => {
    const linked = { ...ada, patient_key: 'PK 9', patient_id: 'P-9', has_patient_record: true };
    for (const width of ['wide', 'narrow'] as const) {
      screenWidth(width);
      const { unmount } = inRouter(<IntakeList patients={[linked, ada]} payorKey="PAY-1" />);
      const links = screen.getAllByRole('link');
      expect(links.map((link) => link.textContent)).toEqual(['Ada Byron']);
      expect(links[0]!.getAttribute('href')).toBe(
        '/dashboard?payor=PAY-1&patient=PK%209&search=P-9',
      );
      unmount();
    }
  });
});

const ada: TIntakePatient = {
  patient_key: 'IK-1',
  patient_id: 'INT-7',
  first_name: 'Ada',
  last_name: 'Byron',
  dob: '1985-12-10',
  phone: '312-555-0199',
  has_patient_record: false,
};

const inRouter = (element: ReactElement) => render(<MemoryRouter>{element}</MemoryRouter>);

const IntakePatientsFixture = () => <IntakeList patients={[ada]} payorKey="PAY-1" />;

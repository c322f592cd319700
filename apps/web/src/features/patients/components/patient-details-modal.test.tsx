import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from '../../../components/ui/modal';
import { visiblePayors } from '../api/get-patient-company';
import { patientDetail, patientSummary } from '../testing/fixtures';
import { PatientDetailsBody } from './patient-details-modal';

const block = (title: string) => {
  const heading = screen.getByRole('heading', { name: title });
  return within(heading.closest('section')!);
};

describe('patient details', () => {
  it('shows every block from the full details', () => {
    render(
      <PatientDetailsBody
        patient={patientSummary()}
        detail={patientDetail()}
        detailState="ready"
        payors={[{ payor_key: 'PAY-1', company_name: 'Blue Mesa Health', level: 'Primary' }]}
        payorsLoading={false}
      />,
    );
    expect(block('Personal Information').getByText('04/09/1961')).toBeTruthy();
    expect(block('Personal Information').getByText('(512) 555-0143')).toBeTruthy();
    expect(block('Personal Information').getByText('Not available')).toBeTruthy();
    expect(block('Doctor Information').getByText('Dr. Ann Lee')).toBeTruthy();
    expect(block('Primary Payor').getByText('Blue Mesa Health')).toBeTruthy();
    expect(block('Primary Payor').getByText('(Primary)')).toBeTruthy();
    expect(block('Address Information').getByText('5 Elm St, Suite 4B')).toBeTruthy();
    expect(block('Address Information').getByText('No delivery address available')).toBeTruthy();
    const summary = block('Order Summary');
    expect(summary.getByText('Total Orders').nextSibling?.textContent).toBe('12');
    expect(summary.getByText('Shipped Orders').nextSibling?.textContent).toBe('8');
    expect(summary.getByText('Pending Documents').nextSibling?.textContent).toBe('1');
  });

  it('keeps the list row when the details fail, with the spec’s message', () => {
    render(
      <PatientDetailsBody
        patient={patientSummary({ email: 'jane@example.com' })}
        detail={undefined}
        detailState="error"
        payors={[]}
        payorsLoading={false}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'Failed to load complete patient information',
    );
    expect(block('Personal Information').getByText('jane@example.com')).toBeTruthy();
    expect(block('Doctor Information').getByText('No doctor assigned')).toBeTruthy();
    expect(block('Primary Payor').getByText('No payor information available')).toBeTruthy();
    expect(block('Address Information').getByText('No billing address available')).toBeTruthy();
  });

  it('says payors are loading', () => {
    render(
      <PatientDetailsBody
        patient={patientSummary()}
        detail={patientDetail()}
        detailState="ready"
        payors={[]}
        payorsLoading
      />,
    );
    expect(screen.getByText('Loading payor information...')).toBeTruthy();
  });

  it("hides the '[Patient]' self-pay entry", () => {
    expect(
      visiblePayors([
        { payor_key: 'A', company_name: '[Patient]', level: 'Secondary' },
        { payor_key: 'B', company_name: 'Blue Mesa Health', level: 'Primary' },
        { payor_key: 'C', company_name: null, level: null },
      ]).map((payor) => payor.payor_key),
    ).toEqual(['B']);
  });
});

describe('Modal', () => {
  it.each(['sm', 'md', 'lg', 'xl'] as const)('opens at size %s and closes with Escape', (size) => {
    const onOpenChange = vi.fn();
    render(
      <Modal open onOpenChange={onOpenChange} title="Jane Doe" size={size}>
        <p>Body</p>
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Jane Doe' });
    expect(dialog.getAttribute('data-size')).toBe(size);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('gives focus back to the button that opened it, after Escape and after Close', async () => {
    const Opener = () => {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Details for Jane Doe
          </button>
          <Modal open={open} onOpenChange={setOpen} title="Jane Doe">
            <p>Body</p>
          </Modal>
        </>
      );
    };
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Details for Jane Doe' });
    const open = async () => {
      opener.focus();
      fireEvent.click(opener);
      const dialog = screen.getByRole('dialog', { name: 'Jane Doe' });
      await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
      return dialog;
    };

    fireEvent.keyDown(await open(), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));

    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('closes with its close button', () => {
    const onOpenChange = vi.fn();
    render(
      <Modal open onOpenChange={onOpenChange} title="Patient Details">
        <p>Body</p>
      </Modal>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});

import type { UseQueryResult } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  PORTAL_ACTIVATION_MESSAGES,
  type TPatientsWithoutPortalResponse,
} from '@portal/domain/portal-activation-api';
import { PatientsPanel } from './patients-panel';

type TList = UseQueryResult<TPatientsWithoutPortalResponse>;

const patient = {
  patient_key: 'PA-1',
  patient_id: '1001',
  first_name: 'Jane',
  last_name: 'Smith',
  email: 'jane@example.com',
  phone: '5551234567',
  primary_payor: 'Acme Health',
};

const draw = (list: Partial<TList>, selected: ReadonlySet<string> = new Set()) => {
  const onToggle = vi.fn();
  const onTogglePage = vi.fn();
  render(
    <PatientsPanel
      list={list as TList}
      filtered={false}
      selected={selected}
      onToggle={onToggle}
      onTogglePage={onTogglePage}
    />,
  );
  return { onToggle, onTogglePage };
};

describe('the patients without portal access', () => {
  it('shows placeholder rows in the table while loading', () => {
    draw({ isPending: true, isError: false });
    const table = screen.getByRole('table', { name: 'Patients without portal access' });
    expect(within(table).getByRole('status').textContent).toBe('Loading patients...');
  });

  it('says a failed load with the spec’s words and a Retry that refetches', () => {
    const refetch = vi.fn(() => Promise.resolve({} as TList));
    draw({ isError: true, isFetching: false, error: new Error('x'), refetch });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(PORTAL_ACTIVATION_MESSAGES.listFailed);
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('says so when no patient is left', () => {
    draw({
      isPending: false,
      isError: false,
      data: { success: true, patients: [], total_count: 0 },
    });
    expect(screen.getByText(PORTAL_ACTIVATION_MESSAGES.empty)).toBeTruthy();
  });

  it('ticks a patient, and shows a partial page as mixed', () => {
    const { onToggle, onTogglePage } = draw(
      {
        isPending: false,
        isError: false,
        isPlaceholderData: false,
        data: {
          success: true,
          patients: [patient, { ...patient, patient_key: 'PA-2', patient_id: '1002' }],
          total_count: 2,
        },
      },
      new Set(['PA-1']),
    );
    const all = screen.getByRole('checkbox', { name: 'Select all on this page' });
    expect(all.getAttribute('aria-checked')).toBe('mixed');
    fireEvent.click(all);
    expect(onTogglePage).toHaveBeenCalledWith(true);
    const box = screen.getByRole('checkbox', { name: 'Select Jane Smith (1002)' });
    expect(box.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(box);
    expect(onToggle).toHaveBeenCalledWith('PA-2');
  });
});

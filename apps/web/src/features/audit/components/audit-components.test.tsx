import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TAuditListResponse } from '@portal/domain/audit-api';
import { useScreenWidth } from '../../../testing/screen-width';
import { EMPTY_FILTERS } from '../lib/filters';
import { AuditFilterForm } from './audit-filter-form';
import { AuditList } from './audit-list';

const PAGE: TAuditListResponse = {
  success: true,
  rows: [
    {
      id: 7,
      at: '2025-03-04T11:00:00.000Z',
      user_id: 3,
      user_email: 'cm-b@example.com',
      action: 'patient_view',
      outcome: 'denied',
      ip: '10.0.0.9',
      patient_key: 'PA-1',
      patient_id: 'P1001',
      detail: { status: 403 },
    },
    {
      id: 6,
      at: '2025-03-02T09:00:00.000Z',
      user_id: 2,
      user_email: 'cm-a@example.com',
      action: 'patient_list',
      outcome: 'allowed',
      ip: '10.0.0.8',
      patient_key: null,
      patient_id: null,
      detail: { search: 'smi', patient_keys: ['PA-1', 'PA-2'] },
    },
  ],
  current_page: 1,
  pages: 3,
  total: 101,
  per_page: 50,
};

describe('AuditList', () => {
  it('shows the rows in a table and as cards, with the outcome and what list reads showed', () => {
    render(<AuditList data={PAGE} loading={false} error={undefined} onPageChange={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Entries (101)' })).toBeTruthy();
    const [denied, list] = screen.getAllByTestId('audit-row');
    expect(within(denied!).getByText('Denied')).toBeTruthy();
    expect(within(denied!).getByText('P1001')).toBeTruthy();
    expect(within(denied!).getByText('cm-b@example.com')).toBeTruthy();
    expect(within(list!).getByText('search: smi, patients shown: 2')).toBeTruthy();
    expect(screen.getAllByTestId('audit-card')).toHaveLength(2);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
  });

  const screenWidth = useScreenWidth();

  it('draws only the table on a wide screen and only the cards on a phone', () => {
    screenWidth('wide');
    const list = (
      <AuditList data={PAGE} loading={false} error={undefined} onPageChange={() => {}} />
    );
    const { unmount } = render(list);
    expect(screen.getAllByTestId('audit-row')).toHaveLength(2);
    expect(screen.queryByTestId('audit-card')).toBeNull();
    unmount();
    screenWidth('narrow');
    render(list);
    expect(screen.queryByTestId('audit-row')).toBeNull();
    expect(screen.getAllByTestId('audit-card')).toHaveLength(2);
  });

  it('has a loading, an empty and an error state', () => {
    const { rerender } = render(
      <AuditList data={undefined} loading error={undefined} onPageChange={() => {}} />,
    );
    expect(screen.getAllByTestId('audit-placeholder-row')).toHaveLength(5);
    rerender(
      <AuditList
        data={{ ...PAGE, rows: [], total: 0, pages: 0 }}
        loading={false}
        error={undefined}
        onPageChange={() => {}}
      />,
    );
    expect(screen.getByText('No audit entries match these filters')).toBeTruthy();
    const onRetry = vi.fn();
    rerender(
      <AuditList
        data={undefined}
        loading={false}
        error="Forbidden"
        onPageChange={() => {}}
        onRetry={onRetry}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Failed to load the audit trail')).toBeTruthy();
    expect(within(alert).getByText('Forbidden')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});

describe('AuditFilterForm', () => {
  it('applies the labelled fields on Enter and clears them all', () => {
    const onApply = vi.fn();
    render(<AuditFilterForm initial={EMPTY_FILTERS} onApply={onApply} />);
    fireEvent.change(screen.getByLabelText('Patient ID'), { target: { value: 'P1001' } });
    fireEvent.change(screen.getByLabelText('Outcome'), { target: { value: 'denied' } });
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'patient_view' } });
    fireEvent.submit(screen.getByLabelText('Patient ID'));
    expect(onApply).toHaveBeenLastCalledWith({
      ...EMPTY_FILTERS,
      patient_id: 'P1001',
      outcome: 'denied',
      action: 'patient_view',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onApply).toHaveBeenLastCalledWith(EMPTY_FILTERS);
    expect(screen.getByLabelText<HTMLInputElement>('Patient ID').value).toBe('');
  });

  it('says when From is after To, and does not apply', () => {
    const onApply = vi.fn();
    render(<AuditFilterForm initial={EMPTY_FILTERS} onApply={onApply} />);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-03-05' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-03-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(onApply).not.toHaveBeenCalled();
    expect(screen.getByText('The From date must not be after the To date')).toBeTruthy();
  });
});

import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES } from '@portal/domain/profile-api';
import { FilterSection } from './filter-section';

const classifications = [
  { id: '1', key: 'CPAP', name: 'CPAP Supplies', description: null },
  { id: '2', key: 'DIAB', name: 'Diabetic', description: 'Meters and strips' },
];

describe('order classification filters', () => {
  it('says so when there are no classifications', () => {
    render(
      <FilterSection
        list={{ status: 'ready', classifications: [], enabled: [] }}
        onSave={async () => undefined}
      />,
    );
    expect(screen.getByText(PROFILE_MESSAGES.noClassifications)).toBeTruthy();
  });

  it('shows loading and a retryable error', () => {
    const { rerender } = render(
      <FilterSection list={{ status: 'pending' }} onSave={async () => undefined} />,
    );
    expect(screen.getByRole('status').textContent).toContain('Loading');
    let retried = 0;
    rerender(
      <FilterSection
        list={{ status: 'error', onRetry: () => (retried += 1) }}
        onSave={async () => undefined}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('Failed to load order classifications');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retried).toBe(1);
  });

  it('starts from the enabled set and saves the new selection', async () => {
    const saved: string[][] = [];
    render(
      <FilterSection
        list={{ status: 'ready', classifications, enabled: ['CPAP'] }}
        onSave={async (selected) => saved.push(selected)}
      />,
    );
    expect(
      screen.getByRole('checkbox', { name: 'CPAP Supplies' }).getAttribute('aria-checked'),
    ).toBe('true');
    fireEvent.click(screen.getByLabelText('CPAP Supplies'));
    fireEvent.click(screen.getByLabelText('Diabetic'));
    fireEvent.click(screen.getByRole('button', { name: 'Save Filters' }));
    expect(await screen.findByText(PROFILE_MESSAGES.filtersUpdated)).toBeTruthy();
    expect(saved).toEqual([['DIAB']]);
  });
});

import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TClassification } from '@portal/domain/patients-api';
import { NO_CATEGORIES_WARNING } from '../lib/first-login-rules';
import { FILTER_DIALOG_TITLE, FilterPreferencesDialog } from './filter-preferences-dialog';

const classifications: TClassification[] = [
  { id: '1', key: 'CPAP', name: 'CPAP Supplies', description: 'Masks and tubing' },
  { id: '2', key: 'DIAB', name: 'Diabetic', description: null },
];

const renderDialog = (overrides: Partial<Parameters<typeof FilterPreferencesDialog>[0]> = {}) => {
  const props = {
    list: { status: 'ready' as const, classifications },
    selected: ['CPAP'],
    busy: undefined,
    error: undefined,
    onToggle: vi.fn(),
    onSkip: vi.fn(),
    onSave: vi.fn(),
    ...overrides,
  };
  render(<FilterPreferencesDialog {...props} />);
  return props;
};

describe('FilterPreferencesDialog', () => {
  it('lists the categories as checkboxes, pre-checked from the selection, with both buttons', () => {
    const props = renderDialog();
    expect(screen.getByRole('dialog', { name: FILTER_DIALOG_TITLE })).toBeTruthy();
    const cpap = screen.getByRole('checkbox', { name: 'CPAP Supplies' });
    expect(cpap.getAttribute('aria-checked')).toBe('true');
    expect(document.getElementById(cpap.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Masks and tubing',
    );
    expect(screen.getByRole('checkbox', { name: 'Diabetic' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Diabetic' }));
    expect(props.onToggle).toHaveBeenCalledWith('DIAB');
    fireEvent.click(screen.getByRole('button', { name: 'Skip for now' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Preferences' }));
    expect(props.onSkip).toHaveBeenCalledOnce();
    expect(props.onSave).toHaveBeenCalledOnce();
    expect(screen.queryByText(NO_CATEGORIES_WARNING)).toBeNull();
  });

  it('has no close button and stays open on Escape', () => {
    renderDialog();
    expect(screen.queryByRole('button', { name: /close/i })).toBeNull();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: FILTER_DIALOG_TITLE })).toBeTruthy();
  });

  it('warns when nothing is selected, but still lets the user save', () => {
    renderDialog({ selected: [] });
    expect(screen.getByText(NO_CATEGORIES_WARNING)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save Preferences' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('reads Saving... and locks every control while saving', () => {
    renderDialog({ busy: 'save' });
    expect(screen.getByRole('button', { name: 'Saving...' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Skip for now' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('checkbox', { name: 'Diabetic' })).toHaveProperty('disabled', true);
  });

  it('shows the save error as an alert', () => {
    renderDialog({ error: 'Failed to save preferences. Please try again.' });
    expect(screen.getByRole('alert').textContent).toBe(
      'Failed to save preferences. Please try again.',
    );
  });

  it('shows a loading state for the category list; only Skip works then', () => {
    renderDialog({ list: { status: 'pending' } });
    expect(screen.getByText('Loading order categories...')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save Preferences' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByRole('button', { name: 'Skip for now' })).toHaveProperty('disabled', false);
  });

  it('offers a retry when the categories failed to load', () => {
    const onRetry = vi.fn();
    renderDialog({ list: { status: 'error', message: 'Server error.', onRetry } });
    expect(screen.getByRole('alert').textContent).toContain('Failed to load order categories');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(screen.queryByText(NO_CATEGORIES_WARNING)).toBeNull();
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TAuthUser } from '@portal/domain/auth-api';
import { DASHBOARD_MESSAGES } from '@portal/domain/patients-api';
import { preferencesQueryKey } from '../api/get-preferences';
import { getSoClassificationsQueryOptions } from '../api/get-so-classifications';
import { FILTER_DIALOG_TITLE } from './filter-preferences-dialog';
import { FirstLoginFilterPrompt } from './first-login-filter-prompt';

const user: TAuthUser = {
  id: 7,
  email: 'cm@example.com',
  username: 'cm',
  role: 'case_manager',
  payor_key: 'PAY-1',
  patient_key: null,
  password_reset_required: false,
  mfa_enrolment_required: false,
  filter_preferences_shown: false,
  permissions: [],
};

/**
 * Categories and preferences are already cached and never stale, so nothing is fetched: the
 * tests cover what the prompt does with its buttons when there is nothing to toggle.
 */
const renderPrompt = (markShown: () => Promise<unknown>, who: TAuthUser = user) => {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, retry: false } },
  });
  queryClient.setQueryData(getSoClassificationsQueryOptions().queryKey, [
    { id: '1', key: 'CPAP', name: 'CPAP Supplies', description: null },
  ]);
  queryClient.setQueryData(preferencesQueryKey, {
    so_classifications: ['CPAP'],
    order_categories: [],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <FirstLoginFilterPrompt user={who} markShown={markShown} />
    </QueryClientProvider>,
  );
};

const dialog = () => screen.queryByRole('dialog', { name: FILTER_DIALOG_TITLE });

/** The dialog's code is a lazy chunk: wait for it to open before pressing its buttons. */
const renderOpenPrompt = async (markShown: () => Promise<unknown>) => {
  renderPrompt(markShown);
  await screen.findByRole('dialog', { name: FILTER_DIALOG_TITLE });
};

describe('FirstLoginFilterPrompt', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is not shown to patients or to users who have seen it', () => {
    renderPrompt(vi.fn(), { ...user, role: 'patient', patient_key: 'P-1' });
    renderPrompt(vi.fn(), { ...user, filter_preferences_shown: true });
    expect(dialog()).toBeNull();
  });

  it('pre-checks the enabled categories', async () => {
    await renderOpenPrompt(vi.fn());
    expect(
      screen.getByRole('checkbox', { name: 'CPAP Supplies' }).getAttribute('aria-checked'),
    ).toBe('true');
  });

  it('Skip marks the prompt shown and closes', async () => {
    const markShown = vi.fn().mockResolvedValue(undefined);
    await renderOpenPrompt(markShown);
    fireEvent.click(screen.getByRole('button', { name: 'Skip for now' }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(markShown).toHaveBeenCalledOnce();
  });

  it('Skip closes even when the flag could not be stored', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await renderOpenPrompt(vi.fn().mockRejectedValue(new Error('offline')));
    fireEvent.click(screen.getByRole('button', { name: 'Skip for now' }));
    await waitFor(() => expect(dialog()).toBeNull());
  });

  it('Save with an unchanged selection only marks the prompt shown, then closes', async () => {
    const markShown = vi.fn().mockResolvedValue(undefined);
    await renderOpenPrompt(markShown);
    fireEvent.click(screen.getByRole('button', { name: 'Save Preferences' }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(markShown).toHaveBeenCalledOnce();
  });

  it('a failed save shows the error and stays open; Saving... shows meanwhile', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let fail: (error: Error) => void = () => undefined;
    await renderOpenPrompt(() => new Promise((_resolve, reject) => (fail = reject)));
    fireEvent.click(screen.getByRole('button', { name: 'Save Preferences' }));
    expect(screen.getByRole('button', { name: 'Saving...' })).toHaveProperty('disabled', true);
    fail(new Error('Server error'));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      DASHBOARD_MESSAGES.savePreferences,
    );
    expect(dialog()).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Save Preferences' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('unchecking everything shows the warning', async () => {
    await renderOpenPrompt(vi.fn());
    fireEvent.click(screen.getByRole('checkbox', { name: 'CPAP Supplies' }));
    expect(screen.getByText(/No categories selected\./)).toBeTruthy();
  });
});

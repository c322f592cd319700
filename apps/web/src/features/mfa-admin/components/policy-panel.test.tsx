import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MFA_POLICY_MESSAGES } from '@portal/domain/mfa-policy-api';
import { fakeApi, ok, refused, type TFakeRoute } from '../../../test/fake-api';
import { policyAnswer } from '../testing/fixtures';
import { PolicyPanel } from './policy-panel';

const POLICY = '/api/admin/mfa/policy';

const renderPanel = (routes: TFakeRoute[]) => {
  const api = fakeApi(routes);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <PolicyPanel />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return api;
};

const box = (role: string) => screen.getByRole('checkbox', { name: `Required for ${role}` });

describe('the sign-in policy', () => {
  beforeAll(() => {
    // jsdom has no ResizeObserver; the checkboxes' Radix code asks for one in a form.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });
  afterAll(() => {
    vi.unstubAllGlobals();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows each role with how many enrolled, and saves the roles ticked', async () => {
    const api = renderPanel([
      { path: POLICY, answers: [ok(policyAnswer(['customer_service']))] },
      {
        method: 'PUT',
        path: POLICY,
        answers: [
          ok({
            ...policyAnswer(['case_manager', 'customer_service']),
            message: MFA_POLICY_MESSAGES.saved,
          }),
        ],
      },
    ]);
    await screen.findByRole('checkbox', { name: 'Required for Case Manager' });
    expect(
      screen.getByText(/users without an authenticator app or passkey must add one/),
    ).toBeTruthy();
    expect(box('Case Manager').getAttribute('aria-checked')).toBe('false');
    expect(box('Customer Service').getAttribute('aria-checked')).toBe('true');
    expect(box('Case Manager').getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('12 of 40 enrolled')).toBeTruthy();
    expect(screen.getByText('No active users')).toBeTruthy();

    fireEvent.click(box('Case Manager'));
    expect(screen.getByText('28 still to add one', { exact: false })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const status = await screen.findByRole('status');
    expect(status.textContent).toBe(MFA_POLICY_MESSAGES.saved);
    expect(api.sent('PUT', POLICY).map((request) => request.body)).toEqual([
      { required_roles: ['case_manager', 'customer_service'] },
    ]);
  });

  it("says clearly why the admin's own role cannot be required yet, and where to go", async () => {
    renderPanel([
      { path: POLICY, answers: [ok(policyAnswer())] },
      {
        method: 'PUT',
        path: POLICY,
        answers: [refused(400, MFA_POLICY_MESSAGES.enrolYourselfFirst)],
      },
    ]);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Required for Admin' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MFA_POLICY_MESSAGES.enrolYourselfFirst);
    expect(within(alert).getByRole('link', { name: 'Open My Profile' }).getAttribute('href')).toBe(
      '/profile',
    );
    await vi.waitFor(() => expect(document.activeElement).toBe(alert));
    // The choice stays ticked, to save again once the admin has a method.
    expect(box('Admin').getAttribute('aria-checked')).toBe('true');
  });

  it('shows a failed load with a Retry', async () => {
    renderPanel([
      { path: POLICY, answers: [refused(403, 'Access denied', 'forbidden'), ok(policyAnswer())] },
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load the sign-in policy');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('checkbox', { name: 'Required for Admin' })).toBeTruthy();
  });
});

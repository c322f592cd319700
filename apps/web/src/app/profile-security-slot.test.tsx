import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProfileSecuritySlot } from '../components/slots/profile-security-slot';
import { ProfilePage } from '../features/profile/components/profile-page';

const renderProfile = (slot: (() => ReactNode) | null) => {
  // The profile's own calls stay unanswered: only its frame matters here.
  vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise<Response>(() => undefined));
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ProfileSecuritySlot.Provider value={slot}>
        <ProfilePage
          user={{ role: 'patient', patient_key: 'PK-1' }}
          onChangePassword={async () => undefined}
          renderPasswordForm={() => null}
          filters={{ status: 'pending' }}
          onSaveFilters={async () => undefined}
        />
      </ProfileSecuritySlot.Provider>
    </QueryClientProvider>,
  );
};

describe('My Profile’s Security section', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('draws what the app puts in the slot, under its own heading', () => {
    renderProfile(() => <p>the sign-in methods</p>);
    const section = screen.getByRole('region', { name: 'Security' });
    expect(within(section).getByText('the sign-in methods')).toBeTruthy();
  });

  it('is left out when the slot is empty', () => {
    renderProfile(null);
    expect(screen.queryByRole('region', { name: 'Security' })).toBeNull();
  });
});

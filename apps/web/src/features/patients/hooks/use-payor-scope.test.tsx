import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { usePayorScope, type TStaffUser } from './use-payor-scope';

// Neither case asks the server: payor staff have their payor, the others have none to ask for.
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
);

const scopeOf = (user: TStaffUser) => renderHook(() => usePayorScope(user), { wrapper }).result;

describe('usePayorScope', () => {
  it("uses the payor on a staff member's account", () => {
    const scope = scopeOf({ id: 3, role: 'case_manager', payor_key: '7001' });
    expect(scope.current).toMatchObject({
      payorKey: '7001',
      choosesPayor: false,
      loading: false,
      error: undefined,
    });
  });

  it("reports 'Failed to retrieve user information' and what to do, for staff without a payor", () => {
    const scope = scopeOf({ id: 5, role: 'customer_service', payor_key: null });
    expect(scope.current).toMatchObject({
      payorKey: undefined,
      choosesPayor: false,
      error:
        'Failed to retrieve user information. Your account is not linked to a payor yet. Ask your administrator to set your payor.',
    });
  });
});

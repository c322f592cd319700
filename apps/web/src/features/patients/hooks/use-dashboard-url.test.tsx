import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigationType } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useDashboardUrl } from './use-dashboard-url';

const renderUrl = (entry: string) =>
  renderHook(
    () => ({ url: useDashboardUrl(), location: useLocation(), action: useNavigationType() }),
    {
      wrapper: ({ children }: { children: ReactNode }) => (
        <MemoryRouter initialEntries={[entry]}>{children}</MemoryRouter>
      ),
    },
  ).result;

describe('useDashboardUrl', () => {
  it('reads a pasted link', () => {
    const result = renderUrl('/dashboard?payor=P1&patient=PK-1&order=SO1&view=all&search=doe');
    expect(result.current.url).toMatchObject({
      payorKey: 'P1',
      patientKey: 'PK-1',
      soNumber: 'SO1',
      view: 'all',
      search: 'doe',
    });
  });

  it('pushes a choice, so Back returns to the one before', () => {
    const result = renderUrl('/dashboard?patient=PK-1');
    act(() => result.current.url.change({ patient: 'PK-2', order: 'SO7' }));
    expect(result.current.action).toBe('PUSH');
    expect(result.current.location.search).toBe('?patient=PK-2&order=SO7');
    expect(result.current.url).toMatchObject({ patientKey: 'PK-2', soNumber: 'SO7' });
  });

  it('replaces the entry for a typed search', () => {
    const result = renderUrl('/dashboard');
    act(() => result.current.url.change({ search: 'adams' }, { replace: true }));
    expect(result.current.action).toBe('REPLACE');
    expect(result.current.location.search).toBe('?search=adams');
    act(() => result.current.url.change({ search: '' }, { replace: true }));
    expect(result.current.location.search).toBe('');
  });
});

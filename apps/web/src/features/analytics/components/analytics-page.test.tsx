import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnalyticsPage } from './analytics-page';

const urlOf = (input: string | URL | Request) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

const json = (status: number, body: object) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const refused = () => json(403, { success: false, error: 'Forbidden', code: 'forbidden' });

const processing = {
  success: true,
  days: 30,
  period_start: '2025-06-01',
  period_end: '2025-06-30',
  last_synced_at: Date.UTC(2025, 5, 30, 15, 4),
  status_durations: [],
  category_stats: {},
};

describe('AnalyticsPage title', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('says the figures come from synced data, not real time', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      urlOf(input).includes('processing-time') ? json(200, processing) : refused(),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <AnalyticsPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText(/^Data last synced /)).toBeTruthy();
    expect(screen.getByText('Real-time insights')).toBeTruthy();
    // The spec's note stays, and the sync time beside it says how fresh the figures are.
    expect(screen.getAllByText(/real-time/i)).toHaveLength(1);
    expect(screen.getByTestId('last-synced').textContent).not.toMatch(/real-time/i);
  });

  it('says plainly when the sync time could not be read, and retries on request', async () => {
    let processingCalls = 0;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      if (urlOf(input).includes('processing-time')) {
        processingCalls += 1;
        return processingCalls === 1 ? refused() : json(200, processing);
      }
      return refused();
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <AnalyticsPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const synced = await screen.findByTestId('last-synced');
    await screen.findByText('Could not check when data was last synced.');
    expect(synced.textContent).not.toContain('Checking');
    fireEvent.click(within(synced).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/^Data last synced /)).toBeTruthy();
    expect(processingCalls).toBe(2);
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TSyncJob } from '@portal/domain/data-sync-api';
import { syncJob } from '../../../testing/sync-jobs';
import { CancelJobButton } from './cancel-job-button';
import { DataSyncContext } from './data-sync-context';

const running = syncJob({ status: 'running', progress: 30, end_time: null, duration_ms: null });

const renderButton = (job: TSyncJob, { canRun = true } = {}) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <DataSyncContext.Provider
        value={{
          canRun,
          canEdit: canRun,
          openDialog: vi.fn(),
          startSync: vi.fn(),
          startingGroup: undefined,
        }}
      >
        <CancelJobButton job={job} />
      </DataSyncContext.Provider>
    </QueryClientProvider>,
  );

describe('Cancel on a running job', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('asks first, then cancels the run and reads Cancelling… until it ends', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ success: true, message: 'Cancelling' }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    renderButton(running);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Full sync' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel Full sync?' });
    expect(dialog.textContent).toContain('every mapping still to come');
    expect(fetchSpy).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel run' }));
    await screen.findByRole('button', { name: 'Cancelling Full sync' });
    expect(fetchSpy.mock.calls[0]![0] as string).toContain(
      `/api/data-sync/jobs/${running.id}/cancel`,
    );
    expect(fetchSpy.mock.calls[0]![1]?.method).toBe('POST');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('keeps the job running when the operator thinks again', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderButton(running);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Full sync' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Keep running' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('reads Cancelling… for a cancel another operator asked for', () => {
    renderButton({ ...running, cancel_requested_by: 'colleague@example.com' });
    const button = screen.getByRole('button', { name: 'Cancelling Full sync' });
    expect(button.textContent).toBe('Cancelling…');
    expect(button.getAttribute('aria-disabled')).toBe('true');
  });

  it('is disabled, saying why, for a user without run_sync', () => {
    renderButton(running, { canRun: false });
    const button = screen.getByRole('button', { name: 'Cancel Full sync' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.getAttribute('title')).toContain('run_sync');
    fireEvent.click(button);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('is not offered once the job has ended', () => {
    renderButton(syncJob());
    expect(screen.queryByRole('button', { name: /Cancel/ })).toBeNull();
  });
});

import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TSyncJob } from '@portal/domain/data-sync-api';
import type { TToastInput } from '../../../components/ui/toast';
import { syncJob } from '../../../testing/sync-jobs';
import { useRunEndToasts } from './use-run-end-toasts';

const { toast } = vi.hoisted(() => ({ toast: vi.fn<(input: TToastInput) => number>() }));
vi.mock('../../../components/ui/toast', () => ({ toast }));

const running = syncJob({ status: 'running', end_time: null, duration_ms: null });

describe('a toast when a run ends', () => {
  afterEach(() => {
    toast.mockReset();
  });

  it('tells once of a run seen running that ended, naming it and its result', () => {
    const openDetails = vi.fn();
    const { rerender } = renderHook(({ jobs }) => useRunEndToasts(jobs, openDetails), {
      initialProps: { jobs: [running] as TSyncJob[] },
    });
    expect(toast).not.toHaveBeenCalled();
    const ended = syncJob({ status: 'failed' });
    rerender({ jobs: [ended] });
    // The same run seen again (say, on its group's card) is not news twice.
    rerender({ jobs: [ended, { ...ended }] });
    expect(toast).toHaveBeenCalledTimes(1);
    const shown = toast.mock.calls[0]![0];
    expect(shown).toMatchObject({
      title: 'Full sync failed',
      description: '184,878 rows · 46 s',
      tone: 'error',
    });
    shown.action?.onClick();
    expect(openDetails).toHaveBeenCalledWith(ended.id);
  });

  it('leaves a failure that opened its own dialog to that dialog', () => {
    const { rerender } = renderHook(
      ({ jobs }) => useRunEndToasts(jobs, vi.fn(), (job) => job.status === 'failed'),
      { initialProps: { jobs: [running] as TSyncJob[] } },
    );
    rerender({ jobs: [syncJob({ status: 'failed' })] });
    expect(toast).not.toHaveBeenCalled();
  });

  it('stays quiet about runs that had already ended when the console opened', () => {
    const { rerender } = renderHook(({ jobs }) => useRunEndToasts(jobs, vi.fn()), {
      initialProps: { jobs: [syncJob()] as TSyncJob[] },
    });
    rerender({ jobs: [syncJob(), syncJob({ id: 'other' })] });
    expect(toast).not.toHaveBeenCalled();
  });
});

/** Every data-sync query sits under this root; a start or save refreshes what it touches. */
export const DATA_SYNC_KEY = ['data-sync'] as const;

export const dataSyncKeys = {
  groups: [...DATA_SYNC_KEY, 'groups'] as const,
  jobs: [...DATA_SYNC_KEY, 'jobs'] as const,
  job: (id: string) => [...DATA_SYNC_KEY, 'job', id] as const,
  logs: (id: string, level: string) => [...DATA_SYNC_KEY, 'job', id, 'logs', level] as const,
  samples: (id: string, search: string) =>
    [...DATA_SYNC_KEY, 'job', id, 'samples', search] as const,
  scheduler: [...DATA_SYNC_KEY, 'scheduler'] as const,
  schedules: [...DATA_SYNC_KEY, 'schedules'] as const,
  integrity: (groupId: string) => [...DATA_SYNC_KEY, 'integrity', groupId] as const,
};

/** The spec's polling periods (staff-tools.md sections 4 and 9). */
export const POLL_MS = { job: 3_000, scheduler: 10_000, history: 30_000 } as const;

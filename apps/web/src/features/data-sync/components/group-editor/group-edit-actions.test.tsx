import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TSyncGroupWithRun } from '@portal/domain/data-sync-api';
import { DataSyncContext } from '../data-sync-context';
import { GroupCard } from '../group-card';

const group = (patch: Partial<TSyncGroupWithRun> = {}): TSyncGroupWithRun => ({
  id: 'nightly',
  name: 'Nightly payors',
  description: '',
  isDefault: false,
  mappings: [
    {
      mysql_table: 'payors',
      type: 'sql_query',
      query: 'SELECT 1 AS payor_key',
      truncate_first: false,
      use_upsert: false,
      key_columns: [],
    },
  ],
  last_job: null,
  ...patch,
});

const renderCard = (value: TSyncGroupWithRun, { canEdit = true } = {}) => {
  const onEdit = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <DataSyncContext.Provider
        value={{
          canRun: true,
          canEdit,
          openDialog: vi.fn(),
          startSync: vi.fn(),
          startingGroup: undefined,
        }}
      >
        <GroupCard group={value} onEdit={onEdit} />
      </DataSyncContext.Provider>
    </QueryClientProvider>,
  );
  return onEdit;
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe("a group card's Edit, Duplicate and Delete", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('opens the editor to edit or to duplicate the group', () => {
    const value = group();
    const onEdit = renderCard(value);
    fireEvent.click(screen.getByRole('button', { name: 'Edit: Nightly payors' }));
    expect(onEdit).toHaveBeenLastCalledWith({ mode: 'edit', group: value });
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate: Nightly payors' }));
    expect(onEdit).toHaveBeenLastCalledWith({ mode: 'duplicate', group: value });
  });

  it('offers none of them to a case manager, and no Delete on a default group', () => {
    renderCard(group(), { canEdit: false });
    expect(screen.queryByRole('button', { name: /^(Edit|Duplicate|Delete):/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Start Sync: Nightly payors' })).toBeTruthy();
  });

  it('keeps a default group deletable by nobody', () => {
    renderCard(group({ isDefault: true }));
    expect(screen.getByRole('button', { name: 'Edit: Nightly payors' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete: Nightly payors' })).toBeNull();
  });

  it("asks first, naming the group, and shows the server's refusal on the card", async () => {
    const message = 'This group has schedules; delete its schedules before the group';
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () =>
        json(409, { success: false, error: message, code: 'conflict' }),
      );
    renderCard(group());
    fireEvent.click(screen.getByRole('button', { name: 'Delete: Nightly payors' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Nightly payors?' });
    expect(confirm.textContent).toContain('"Nightly payors" and its 1 mapping');
    expect(fetchSpy).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Delete group' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      `Could not delete Nightly payors: ${message}`,
    );
    expect(fetchSpy.mock.calls[0]![0] as string).toContain('/api/data-sync/sync-groups/nightly');
    expect(fetchSpy.mock.calls[0]![1]?.method).toBe('DELETE');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });
});

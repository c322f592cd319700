import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TCatalogueResponse } from '@portal/domain/data-sync-catalogue-api';
import { MAPPING_MESSAGES } from '@portal/domain/sync-mapping';
import { GroupEditorDialog } from './group-editor-dialog';

const column = (name: string, key = false) => ({ name, type: 'VARCHAR', nullable: !key, key });
const CATALOGUE: TCatalogueResponse = {
  success: true,
  warehouse: 'duckdb',
  tables: [
    {
      schema: 'main',
      name: 'PAYORS',
      path: 'PAYORS',
      columns: [column('PAYORKEY'), column('PAYORTYPE')],
    },
  ],
  destinations: [{ name: 'payors', columns: [column('payor_key', true), column('payor_type')] }],
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The server as the editor meets it: the catalogue, and a save answered by `onSave`. */
const serve = (onSave: () => Response) =>
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = typeof input === 'string' ? input : (input as Request).url;
    return url.includes('/api/data-sync/tables') ? json(200, CATALOGUE) : onSave();
  });

const renderEditor = () => {
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <GroupEditorDialog target={{ mode: 'new' }} onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
};

const saveCalls = (fetchSpy: ReturnType<typeof serve>) =>
  fetchSpy.mock.calls.filter(([url]) => typeof url === 'string' && url.endsWith('/sync-groups'));

const savedBody = (fetchSpy: ReturnType<typeof serve>) =>
  JSON.parse(saveCalls(fetchSpy)[0]![1]!.body as string) as {
    create: boolean;
    group: { id: string };
  };

describe('the group editor', () => {
  beforeAll(() => {
    // jsdom has no ResizeObserver; the checkboxes' Radix code asks for one.
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

  it("refuses an unfinished mapping with the spec's message there, keeping what was typed", async () => {
    const fetchSpy = serve(() => json(500, {}));
    renderEditor();
    const dialog = await screen.findByRole('dialog', { name: 'New sync group' });
    fireEvent.change(within(dialog).getByLabelText('Name'), {
      target: { value: 'Nightly payors' },
    });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Id').value).toBe('nightly_payors');
    fireEvent.change(within(dialog).getByLabelText('Destination'), {
      target: { value: 'payors' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save group' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(`Mapping 1 (payors): ${MAPPING_MESSAGES.baseTableRequired}`);
    expect(within(dialog).getByLabelText<HTMLInputElement>('Name').value).toBe('Nightly payors');
    expect(saveCalls(fetchSpy)).toHaveLength(0);
  });

  it('builds the mapping from the catalogue and says at the Id field that an id is taken', async () => {
    const taken = 'A sync group with id "nightly_payors" already exists';
    const fetchSpy = serve(() => json(409, { success: false, error: taken, code: 'conflict' }));
    renderEditor();
    const dialog = await screen.findByRole('dialog', { name: 'New sync group' });
    fireEvent.change(within(dialog).getByLabelText('Name'), {
      target: { value: 'Nightly payors' },
    });
    fireEvent.change(within(dialog).getByLabelText('Destination'), {
      target: { value: 'payors' },
    });
    await within(dialog).findByRole('option', { name: 'PAYORS' });
    fireEvent.change(within(dialog).getByLabelText('Base table'), { target: { value: 'PAYORS' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add matching columns' }));
    expect(within(dialog).getByLabelText<HTMLSelectElement>('Source of column 1').value).toBe(
      'PAYORS.PAYORKEY',
    );
    expect(
      within(dialog).getByRole('checkbox', { name: 'payor_key' }).getAttribute('aria-checked'),
    ).toBe('true');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save group' }));
    await waitFor(() => expect(within(dialog).getByText(taken)).toBeTruthy());
    expect(within(dialog).getByLabelText('Id').getAttribute('aria-invalid')).toBe('true');
    expect(savedBody(fetchSpy)).toMatchObject({ create: true, group: { id: 'nightly_payors' } });
  });

  it('gives a destination picked before the catalogue arrived its key once it does', async () => {
    let answer: (response: Response) => void = () => {};
    const held = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => held);
    renderEditor();
    const dialog = await screen.findByRole('dialog', { name: 'New sync group' });
    fireEvent.change(within(dialog).getByLabelText('Destination'), {
      target: { value: 'payors' },
    });
    answer(json(200, CATALOGUE));
    const key = await within(dialog).findByRole('checkbox', { name: 'payor_key' });
    await waitFor(() => expect(key.getAttribute('aria-checked')).toBe('true'));
    const other = within(dialog).getByRole('checkbox', { name: 'payor_type' });
    expect(other.getAttribute('aria-checked')).toBe('false');
  });

  it('asks before throwing away changes, and closes at once when there are none', async () => {
    serve(() => json(500, {}));
    const onClose = renderEditor();
    const dialog = await screen.findByRole('dialog', { name: 'New sync group' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Draft' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Discard your changes?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

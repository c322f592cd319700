import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TPreviewResponse } from '@portal/domain/data-sync-catalogue-api';
import { MappingPreview, previewRecords } from './mapping-preview';

const PREVIEW: TPreviewResponse = {
  success: true,
  sql: 'SELECT "PY"."PAYORKEY" AS "payor_key" FROM "PAYORS" AS "PY"',
  count: 1234,
  columns: ['payor_key', 'nickname'],
  rows: [
    ['7001', 'Blue'],
    ['7002', null],
  ],
  unknown_columns: ['nickname'],
};

const MAPPING = { mysql_table: 'payors', type: 'sql_query' as const, query: 'SELECT 1' };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const renderPreview = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MappingPreview name="Mapping 1" mapping={() => MAPPING} />
    </QueryClientProvider>,
  );

describe('the preview of a mapping', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('reads rows of values by column name', () => {
    expect(previewRecords(PREVIEW)).toEqual([
      { payor_key: '7001', nickname: 'Blue' },
      { payor_key: '7002', nickname: null },
    ]);
  });

  it('shows the count, the first rows with NULL, the SQL and the columns the destination lacks', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, PREVIEW));
    renderPreview();
    fireEvent.click(screen.getByRole('button', { name: 'Preview mapping 1' }));
    expect((await screen.findByTestId('preview-count')).textContent).toBe('1,234 rows');
    expect(screen.getAllByTestId('sample-row')).toHaveLength(2);
    expect(screen.getByText('NULL')).toBeTruthy();
    expect(screen.getByLabelText('Compiled SQL of mapping 1').textContent).toBe(PREVIEW.sql);
    expect(screen.getByText(/so a sync would fail on them/).textContent).toContain('nickname');
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/data-sync/table-sample');
    expect(JSON.parse(init!.body as string)).toEqual({ mapping: MAPPING });
  });

  it("says why a preview failed, in the server's words", async () => {
    const message = 'Query is required for raw_query and sql_query mappings';
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json(400, { success: false, error: message, code: 'bad_request' }),
    );
    renderPreview();
    fireEvent.click(screen.getByRole('button', { name: 'Preview mapping 1' }));
    expect((await screen.findByRole('alert')).textContent).toBe(`Preview failed: ${message}`);
  });
});

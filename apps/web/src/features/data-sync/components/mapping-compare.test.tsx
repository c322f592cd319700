import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TMappingInput } from '@portal/domain/sync-mapping';
import { MappingCompare } from './mapping-compare';

const mapping = (key: string): TMappingInput => ({
  mysql_table: 'payors',
  type: 'snowpark_dataframe',
  truncate_first: true,
  operations: [
    { type: 'base_table', table: 'PAYOR', alias: 'PY' },
    { type: 'select', columns: [{ source: `PY.${key}`, target: 'payor_key' }] },
  ],
});

describe('MappingCompare', () => {
  it('shows each side as steps in words, marks the changed line, and folds the JSON away', () => {
    render(<MappingCompare before={[mapping('payorkey')]} after={[mapping('PAYORKEY')]} />);
    const current = screen.getByRole('list', { name: 'Current mapping 1' });
    const fixed = screen.getByRole('list', { name: 'Fixed mapping 1' });
    expect(within(current).getByText('Start from PAYOR (as PY)')).toBeTruthy();
    expect(within(current).getByText('PY.payorkey → payor_key')).toBeTruthy();
    expect(within(fixed).getByText('PY.PAYORKEY → payor_key')).toBeTruthy();
    // The column line changed on both sides; the first step did not.
    expect(within(current).getAllByText('changed')).toHaveLength(1);
    expect(within(fixed).getAllByText('changed')).toHaveLength(1);
    expect(screen.getByText('Built from warehouse tables · Replaces the whole table')).toBeTruthy();
    // No raw JSON on show: it waits behind 'Show JSON'.
    const json = screen.getByLabelText('Fixed mapping 1 as JSON');
    expect(json.closest('details')?.open).toBe(false);
    expect(screen.getByText('Show JSON').tagName).toBe('SUMMARY');
  });
});

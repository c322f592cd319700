import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TAdminDocDetailResponse } from '@portal/domain/admin-docs-api';
import { ApiError } from '../../../lib/api-client';
import { failureText } from '../lib/display';
import { DocList } from './doc-list';
import { DocView } from './doc-view';

const summary = {
  doc_id: 7,
  title: 'Printer jams',
  category: 'troubleshooting' as const,
  is_fixed: true,
  version: 3,
  updated_by: 'Dana Admin',
  updated_at: '2026-11-20T10:00:00.000Z',
};

const detail = (version: number): TAdminDocDetailResponse => ({
  success: true,
  document: { ...summary, version, content: '<p><strong>Step</strong></p>', change_notes: null },
  latest_version: 3,
  history: [3, 2, 1].map((v) => ({
    version: v,
    updated_by: 'Dana Admin',
    updated_at: summary.updated_at,
    change_notes: v === 2 ? 'Typo' : null,
  })),
});

const noop = () => undefined;

describe('the documentation list', () => {
  it('shows title, badges, updater and version, and scrolls within 600 px', () => {
    const selected: number[] = [];
    render(
      <DocList
        documents={[summary, { ...summary, doc_id: 8, category: 'features', title: 'API keys' }]}
        loading={false}
        failed={false}
        selectedId={7}
        onSelect={(id) => selected.push(id)}
        onRetry={noop}
      />,
    );
    const first = screen.getByRole('button', { name: /Printer jams/ });
    expect(first.getAttribute('aria-current')).toBe('true');
    expect(within(first).getByText('Troubleshooting')).toBeTruthy();
    expect(within(first).getByText('Fixed')).toBeTruthy();
    expect(within(first).getByText('Updated by Dana Admin • v3')).toBeTruthy();
    // A fixed flag on a category without one is never shown.
    expect(within(screen.getByRole('button', { name: /API keys/ })).queryByText('Fixed')).toBe(
      null,
    );
    expect(screen.getByTestId('doc-list-scroll').className).toContain('max-h-[600px]');
    fireEvent.click(screen.getByRole('button', { name: /API keys/ }));
    expect(selected).toEqual([8]);
  });
});

describe('the documentation list states', () => {
  const list = (props: { loading?: boolean; failed?: boolean; documents?: [] }) => {
    const retried: number[] = [];
    render(
      <DocList
        documents={props.documents}
        loading={props.loading ?? false}
        failed={props.failed ?? false}
        selectedId={undefined}
        onSelect={noop}
        onRetry={() => retried.push(1)}
      />,
    );
    return retried;
  };

  it('keeps its heading while loading, with placeholders and one status', () => {
    list({ loading: true });
    expect(screen.getByRole('heading', { name: 'Documents' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading documentation');
  });

  it('says a failed load with Retry, and an empty list with the way forward', () => {
    const retried = list({ failed: true });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The documents could not be loaded.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(retried).toEqual([1]);
  });

  it('says so when there is no documentation yet', () => {
    list({ documents: [] });
    expect(screen.getByText('No documentation yet')).toBeTruthy();
  });
});

describe('the document view', () => {
  it('offers Edit and Delete on the current version and opens others from the history', () => {
    const opened: (number | undefined)[] = [];
    render(
      <DocView
        detail={detail(3)}
        onOpenVersion={(v) => opened.push(v)}
        onEdit={noop}
        onDelete={noop}
      />,
    );
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.getByRole('article').querySelector('strong')?.textContent).toBe('Step');
    fireEvent.click(screen.getByRole('button', { name: /^v2\s*·/ }));
    fireEvent.click(screen.getByRole('button', { name: /^v3\s*·/ }));
    expect(opened).toEqual([2, undefined]);
  });

  it('shows an earlier version read-only with the way back', () => {
    const opened: (number | undefined)[] = [];
    render(
      <DocView
        detail={detail(1)}
        onOpenVersion={(v) => opened.push(v)}
        onEdit={noop}
        onDelete={noop}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Edit' })).toBe(null);
    expect(screen.queryByRole('button', { name: 'Delete' })).toBe(null);
    fireEvent.click(screen.getByRole('button', { name: 'Back to the current version' }));
    expect(opened).toEqual([undefined]);
  });
});

describe('failure text', () => {
  it('adds the server’s reason for client errors only', () => {
    const stale = new ApiError(409, 'x', { error: 'Changed by Dana', code: 'conflict' });
    expect(failureText('Failed to update documentation', stale)).toBe(
      'Failed to update documentation: Changed by Dana',
    );
    expect(failureText('Failed to update documentation', new ApiError(500, 'Server error'))).toBe(
      'Failed to update documentation',
    );
    expect(failureText('Failed to load document', new Error('boom'))).toBe(
      'Failed to load document',
    );
  });
});

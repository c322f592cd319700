import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { ErrorState } from './error-state';
import { SkeletonRows, SkeletonTableRows } from './skeleton';

describe('ErrorState', () => {
  it('says what happened as an alert and retries on Retry', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    render(
      <ErrorState
        title="Failed to load patients"
        message="The server did not answer."
        onRetry={onRetry}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Failed to load patients');
    expect(alert.textContent).toContain('The server did not answer.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('waits while retrying, keeping the button focusable', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    render(<ErrorState title="Failed to load documents" onRetry={onRetry} retrying />);
    const button = screen.getByRole('button', { name: 'Retrying…' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    await user.click(button);
    expect(onRetry).not.toHaveBeenCalled();
  });

  it('has no Retry without a retry, and keeps technical details closed', () => {
    render(<ErrorState title="Sync failed" details="invalid identifier 'PATIENT_KEY'" />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('Technical details').closest('details')?.open).toBe(false);
  });
});

describe('Skeleton', () => {
  it("hides its placeholder rows and says 'Loading…' once", () => {
    const { container } = render(<SkeletonRows rows={6} />);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    const placeholders = container.querySelector('[aria-hidden="true"]');
    expect(placeholders?.children).toHaveLength(6);
  });

  it('draws table rows of bars under one status', () => {
    render(
      <table>
        <tbody>
          <SkeletonTableRows columns={['Name', 'Date']} rows={3} testId="placeholder-row" />
        </tbody>
      </table>,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    const rows = screen.getAllByTestId('placeholder-row');
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.getAttribute('aria-hidden') === 'true')).toBe(true);
    expect(rows[0]?.querySelectorAll('td')).toHaveLength(2);
  });
});

describe('EmptyState', () => {
  it('shows the title, the advice and the one action', () => {
    render(
      <EmptyState
        title="No patients found"
        text="Try another name, or clear the filters."
        action={<Button>Clear filters</Button>}
      />,
    );
    expect(screen.getByText('No patients found')).toBeTruthy();
    expect(screen.getByText('Try another name, or clear the filters.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeTruthy();
  });
});

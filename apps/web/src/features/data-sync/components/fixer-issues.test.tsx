import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FixerIssues } from './fixer-issues';

describe('FixerIssues with nothing to fix', () => {
  it('says so, keeps the error in view and opens the Sync Error dialog', () => {
    const onShowError = vi.fn();
    const error = `Binder Error: Referenced column "payortype" not found in FROM clause!`;
    render(
      <FixerIssues
        issues={[]}
        showCode={false}
        fixed={[]}
        error={error}
        onShowError={onShowError}
      />,
    );
    expect(screen.getByText(/^Nothing to fix/)).toBeTruthy();
    expect(screen.getByText(error)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open the Sync Error dialog' }));
    expect(onShowError).toHaveBeenCalledTimes(1);
  });

  it('offers no button when it was not opened for a failed run', () => {
    render(<FixerIssues issues={[]} showCode={false} fixed={[]} />);
    expect(screen.getByText(/^Nothing to fix/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

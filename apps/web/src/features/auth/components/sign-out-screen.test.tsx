import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SIGN_OUT_FAILED_MESSAGE, SIGN_OUT_FAILED_TITLE, SignOutScreen } from './sign-out-screen';

describe('SignOutScreen', () => {
  it('shows only a status while the sign-out is under way', () => {
    render(<SignOutScreen status="pending" onTryAgain={vi.fn()} />);
    expect(screen.getByRole('status').textContent).toContain('Ending your session');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says the browser is still signed in, with the focus on its heading, and tries again', () => {
    const onTryAgain = vi.fn();
    const { rerender } = render(<SignOutScreen status="pending" onTryAgain={onTryAgain} />);
    rerender(<SignOutScreen status="failed" onTryAgain={onTryAgain} />);
    expect(screen.getByRole('alert').textContent).toBe(SIGN_OUT_FAILED_MESSAGE);
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 1, name: SIGN_OUT_FAILED_TITLE }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onTryAgain).toHaveBeenCalledTimes(1);
  });
});

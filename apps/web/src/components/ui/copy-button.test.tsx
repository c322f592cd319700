import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COPIED_MS, CopyButton } from './copy-button';

const stubClipboard = (writeText: (text: string) => Promise<void>) =>
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

describe('CopyButton', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('copies the whole value and says Copied for a while', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(() => Promise.resolve());
    stubClipboard(writeText);
    render(<CopyButton text="1Z999AA10123456784" what="tracking number" />);
    const button = screen.getByRole('button', { name: 'Copy tracking number' });
    await act(async () => {
      fireEvent.click(button);
      await Promise.resolve();
    });
    expect(writeText).toHaveBeenCalledWith('1Z999AA10123456784');
    expect(screen.getByRole('status').textContent).toBe('Copied');
    expect(button).toBe(screen.getByRole('button', { name: 'Copy tracking number' }));
    act(() => {
      vi.advanceTimersByTime(COPIED_MS);
    });
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('says what to do when the browser refuses', async () => {
    stubClipboard(() => Promise.reject(new Error('denied')));
    render(<CopyButton text="7712" what="tracking number" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy tracking number' }));
      await Promise.resolve();
    });
    expect(screen.getByRole('status').textContent).toBe(
      'Could not copy: select the number and copy it.',
    );
  });
});

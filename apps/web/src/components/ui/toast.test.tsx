import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dismissToast, toast, ToastProvider, ToastViewport, useToast } from './toast';

const shownIds: number[] = [];

const Page = () => {
  const { toast: show } = useToast();
  return (
    <button
      type="button"
      onClick={() => shownIds.push(show({ title: 'Sync finished', description: '184,878 rows' }))}
    >
      Run sync
    </button>
  );
};

/** Radix's announcement: a polite status region, outside the toast list, for a second. */
const announcement = () =>
  screen
    .getAllByRole('status')
    .find((region) => region.getAttribute('aria-live') === 'polite' && region.textContent);

describe('toasts', () => {
  beforeAll(async () => {
    await ToastViewport.preload();
  });

  afterEach(() => {
    act(() => shownIds.splice(0).forEach(dismissToast));
  });

  it('holds a toast raised while a dialog is open until the dialog closes', async () => {
    render(
      <ToastProvider>
        <p>Page</p>
      </ToastProvider>,
    );
    // Radix's scroll lock: what an open modal dialog puts on the body.
    document.body.setAttribute('data-scroll-locked', '1');
    act(() => {
      shownIds.push(toast({ title: 'Orders completed' }));
    });
    expect(screen.queryByText('Orders completed')).toBeNull();
    act(() => document.body.removeAttribute('data-scroll-locked'));
    expect(await screen.findByText('Orders completed')).toBeTruthy();
  });

  it('draws nothing before the first toast', () => {
    const view = render(
      <ToastProvider>
        <p>Page</p>
      </ToastProvider>,
    );
    expect(view.container.innerHTML).toBe('<p>Page</p>');
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('shows a toast from a component and announces it politely', async () => {
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <Page />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Run sync' }));
    const region = screen.getByRole('region', { name: /Notifications/ });
    expect(within(region).getByText('Sync finished')).toBeTruthy();
    expect(within(region).getByText('184,878 rows')).toBeTruthy();
    await waitFor(() => expect(announcement()?.textContent).toContain('Sync finished'));
    expect(announcement()?.textContent).toContain('184,878 rows');
  });

  it('shows a toast called from outside React; its action and its close button close it', async () => {
    const onView = vi.fn();
    render(
      <ToastProvider>
        <p>Page</p>
      </ToastProvider>,
    );
    act(() => {
      shownIds.push(
        toast({
          title: 'Sync failed',
          tone: 'error',
          action: { label: 'View job', onClick: onView },
        }),
        toast({ title: 'Upload finished' }),
      );
    });
    // fireEvent: Radix's swipe handling asks jsdom for pointer capture, which it lacks.
    fireEvent.click(await screen.findByRole('button', { name: 'View job' }));
    expect(onView).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByText('Sync failed')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    await waitFor(() => expect(screen.queryByText('Upload finished')).toBeNull());
  });
});

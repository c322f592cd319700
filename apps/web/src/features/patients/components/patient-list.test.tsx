import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { patientSummary } from '../testing/fixtures';
import { FAVORITE_SPIN_MS } from './favorite-button';
import { PatientList, type TPatientListProps } from './patient-list';

const jane = patientSummary();
const john = patientSummary({ patient_key: 'PK-2', first_name: 'John', last_name: 'Roe' });

const renderList = (props: Partial<TPatientListProps> = {}) => {
  const handlers = {
    onSelect: vi.fn(),
    onDetails: vi.fn(),
    onToggleFavorite: vi.fn(),
    onToggleFavoritesOnly: vi.fn(),
    onPageChange: vi.fn(),
  };
  render(
    <PatientList
      patients={[jane, john]}
      total={31}
      page={1}
      pages={3}
      loading={false}
      error={undefined}
      favoritesOnly={false}
      favorites={new Set(['PK-2'])}
      selectedKey={undefined}
      {...handlers}
      {...props}
    />,
  );
  return handlers;
};

describe('PatientList', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the desktop columns and formatted values', () => {
    renderList();
    expect(screen.getByRole('heading', { name: 'Patients (31)' })).toBeTruthy();
    const table = screen.getByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Patient Name',
      'Patient ID',
      'Date of Birth',
      'Phone',
      'Orders',
      'In Progress',
      'Favorite',
    ]);
    const row = within(table).getByRole('row', { name: /Jane Doe/ });
    expect(within(row).getByText('04/09/1961')).toBeTruthy();
    expect(within(row).getByText('(512) 555-0143')).toBeTruthy();
    expect(screen.getAllByTestId('patient-card')).toHaveLength(2);
  });

  it('hands back row actions: select, details and the star', () => {
    const handlers = renderList();
    const table = screen.getByRole('table');
    fireEvent.click(within(table).getByRole('button', { name: 'Jane Doe' }));
    expect(handlers.onSelect).toHaveBeenCalledWith(jane);
    fireEvent.click(within(table).getByRole('button', { name: 'Details for Jane Doe' }));
    expect(handlers.onDetails).toHaveBeenCalledWith(jane);
    const star = within(table).getByRole('button', { name: 'Add Jane Doe to favorites' });
    expect(star.getAttribute('aria-pressed')).toBe('false');
    const johnStar = within(table).getByRole('button', { name: 'Remove John Roe from favorites' });
    expect(johnStar.getAttribute('aria-pressed')).toBe('true');
  });

  it('spins the star for 600 ms after a click', () => {
    vi.useFakeTimers();
    const handlers = renderList();
    const star = within(screen.getByRole('table')).getByRole('button', {
      name: 'Add Jane Doe to favorites',
    });
    fireEvent.click(star);
    expect(handlers.onToggleFavorite).toHaveBeenCalledWith('PK-1');
    expect(star.hasAttribute('data-spinning')).toBe(true);
    act(() => {
      vi.advanceTimersByTime(FAVORITE_SPIN_MS);
    });
    expect(star.hasAttribute('data-spinning')).toBe(false);
  });

  it('offers the pager only outside favourites mode and with more than one page', () => {
    const handlers = renderList();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(handlers.onPageChange).toHaveBeenCalledWith(2);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Previous' }).disabled).toBe(true);
  });

  it('shows the favourites page the server sent, its total and its pager', () => {
    const handlers = renderList({ patients: [john], total: 16, pages: 2, favoritesOnly: true });
    expect(screen.getByRole('heading', { name: 'Favorite Patients (16)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show All' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(within(screen.getByRole('table')).getByText('John Roe')).toBeTruthy();
    expect(within(screen.getByRole('table')).queryByText('Jane Doe')).toBeNull();
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(handlers.onPageChange).toHaveBeenCalledWith(2);
  });

  it('says when nothing matches, in either mode', () => {
    renderList({ patients: [], total: 0, pages: 0 });
    expect(screen.getByText('No patients found')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show Favorites' })).toBeTruthy();
  });

  it('says when the user has no favourites', () => {
    renderList({ patients: [], total: 0, pages: 0, favoritesOnly: true });
    expect(screen.getByText('No favorite patients found')).toBeTruthy();
  });

  it('shows 6 placeholder rows (and cards) while loading', () => {
    renderList({ loading: true });
    expect(screen.getAllByTestId('patient-placeholder-row')).toHaveLength(6);
    expect(screen.getAllByTestId('patient-placeholder-card')).toHaveLength(6);
  });

  it('shows the error instead of rows, under the heading, with a Retry', () => {
    const onRetry = vi.fn();
    renderList({ error: 'Failed to load patients', total: 0, onRetry });
    expect(screen.getByRole('heading', { name: 'Patients (0)' })).toBeTruthy();
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Failed to load patients')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('offers no Retry where asking again cannot help', () => {
    renderList({ error: 'Failed to retrieve user information' });
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('keeps the placeholders while a page of rows is drawn, never "No patients found"', async () => {
    const props = {
      total: 2,
      page: 1,
      pages: 1,
      error: undefined,
      favoritesOnly: false,
      favorites: new Set<string>(),
      selectedKey: undefined,
      onSelect: vi.fn(),
      onDetails: vi.fn(),
      onToggleFavorite: vi.fn(),
      onToggleFavoritesOnly: vi.fn(),
      onPageChange: vi.fn(),
    };
    const view = render(<PatientList {...props} patients={[]} loading />);
    expect(screen.getAllByTestId('patient-placeholder-card').length).toBeGreaterThan(0);
    // Every element the list adds on the way to its rows, render by render.
    const seen: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        record.addedNodes.forEach((node) => seen.push(node.textContent ?? ''));
      }
    });
    observer.observe(view.container, { childList: true, subtree: true, characterData: true });
    view.rerender(<PatientList {...props} patients={[jane, john]} loading={false} />);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    observer.disconnect();
    expect(screen.getAllByTestId('patient-card')).toHaveLength(2);
    expect(screen.queryAllByTestId('patient-placeholder-card')).toHaveLength(0);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((text) => text.includes('No patients found'))).toEqual([]);
  });
});

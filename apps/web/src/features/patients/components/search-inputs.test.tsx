import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { IntakeSearchForm } from './intake-search-form';
import { PatientSearchBox, SEARCH_HINT } from './patient-search-box';

/** Patient search text must not stay in the browser's form history or go to a spell checker. */
const expectPrivateSearch = (input: HTMLElement) => {
  expect(input.getAttribute('type')).toBe('search');
  expect(input.getAttribute('autocomplete')).toBe('off');
  expect(input.getAttribute('spellcheck')).toBe('false');
  expect(input.getAttribute('autocapitalize')).toBe('off');
};

describe('patient search inputs', () => {
  it('the patient search box keeps no history', () => {
    render(
      <PatientSearchBox
        value=""
        onChange={vi.fn()}
        onClear={vi.fn()}
        onRefresh={vi.fn()}
        refreshing={false}
      />,
    );
    const input = screen.getByRole('searchbox', { name: 'Search patients' });
    expectPrivateSearch(input);
    expect(input.getAttribute('name')).toBe('patient-search');
    // The spec's placeholder, and what the box finds as its description.
    expect(input.getAttribute('placeholder')).toBe('Search patients...');
    const hint = document.getElementById(input.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe(SEARCH_HINT);
    expect(SEARCH_HINT).toBe('Name, patient ID, date of birth, phone, SO# or tracking number');
  });

  it("'/' outside a field puts the cursor in the patient search box", () => {
    render(
      <>
        <button type="button">Elsewhere</button>
        <PatientSearchBox
          value=""
          onChange={vi.fn()}
          onClear={vi.fn()}
          onRefresh={vi.fn()}
          refreshing={false}
        />
      </>,
    );
    const input = screen.getByRole('searchbox', { name: 'Search patients' });
    const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
    elsewhere.focus();
    fireEvent.keyDown(elsewhere, { key: '/' });
    expect(document.activeElement).toBe(input);
  });

  it('the intake search keeps no history, on the input and its form, and searches on submit', () => {
    const onSearch = vi.fn();
    render(<IntakeSearchForm onSearch={onSearch} />);
    const input = screen.getByRole('searchbox', { name: 'Search intake patients' });
    expectPrivateSearch(input);
    expect(input.getAttribute('name')).toBe('intake-search');
    expect(screen.getByRole('search').getAttribute('autocomplete')).toBe('off');

    fireEvent.change(input, { target: { value: 'Adams' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledWith('Adams');
  });
});

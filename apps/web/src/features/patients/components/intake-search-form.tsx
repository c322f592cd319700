import { useState, type SubmitEvent } from 'react';
import { searchInputPrivacy } from '../lib/search-input';
import { buttonClass } from '../lib/ui-classes';

/** The intake list's search box; the search runs on submit, with the text as typed. */
export const IntakeSearchForm = ({ onSearch }: { onSearch: (text: string) => void }) => {
  const [input, setInput] = useState('');
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(input);
  };
  return (
    // autoComplete off on the form too: Firefox keeps submitted values by the form's rule.
    <form
      role="search"
      autoComplete="off"
      onSubmit={submit}
      className="mb-4 flex flex-col gap-2 sm:flex-row"
    >
      <label htmlFor="intake-search" className="sr-only">
        Search intake patients
      </label>
      <input
        id="intake-search"
        name="intake-search"
        type="search"
        {...searchInputPrivacy}
        placeholder="Search intake patients..."
        value={input}
        onChange={(event) => setInput(event.target.value)}
        className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none sm:max-w-md"
      />
      <button type="submit" className={buttonClass}>
        Search
      </button>
    </form>
  );
};

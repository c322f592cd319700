import { useState, type SubmitEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { searchInputPrivacy } from '../lib/search-input';

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
      <Label htmlFor="intake-search" className="sr-only">
        Search intake patients
      </Label>
      <Input
        id="intake-search"
        name="intake-search"
        type="search"
        {...searchInputPrivacy}
        placeholder="Search intake patients..."
        value={input}
        onChange={(event) => setInput(event.target.value)}
        className="sm:max-w-md"
      />
      <Button type="submit">Search</Button>
    </form>
  );
};

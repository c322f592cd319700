import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { Label } from '../../../../components/ui/field';
import { Input } from '../../../../components/ui/input';

/** How long typing pauses before the list asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

type TWorklistSearchBoxProps = {
  /** The search the URL holds. */
  value: string;
  /** A new search; `typing` while the user is still at it (it replaces the history entry). */
  onSearch: (search: string, typing: boolean) => void;
};

/** One box for whatever the caller reads out: a name, an ID, a birth date, a phone, an SO# or tracking number. */
export const WorklistSearchBox = ({ value, onSearch }: TWorklistSearchBoxProps) => {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // Back, Forward or Clear filters changed the URL's search: the box follows it.
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  const latest = useRef(onSearch);
  useEffect(() => {
    latest.current = onSearch;
  });
  useEffect(() => {
    if (text.trim() === value) {
      return undefined;
    }
    const timer = window.setTimeout(() => latest.current(text.trim(), true), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, value]);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (text.trim() !== value) {
      onSearch(text.trim(), false);
    }
  };
  return (
    <form role="search" aria-label="Worklist" onSubmit={submit} className="min-w-0">
      <Label htmlFor="worklist-search">Search</Label>
      <Input
        id="worklist-search"
        type="search"
        value={text}
        maxLength={100}
        autoComplete="off"
        placeholder="Name, ID, DOB, phone, SO# or tracking"
        onChange={(event) => setText(event.target.value)}
      />
    </form>
  );
};

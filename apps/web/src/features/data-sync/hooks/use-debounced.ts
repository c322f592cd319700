import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `ms` (a search box asks once per pause). */
export const useDebounced = <T>(value: T, ms = 500) => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
};

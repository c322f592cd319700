import { describe, expect, it } from 'vitest';
import { setBounded } from './bounded-map';

describe('setBounded', () => {
  it('keeps at most the limit, dropping the entry set longest ago', () => {
    const map = new Map<string, number>();
    for (const [index, key] of ['a', 'b', 'c', 'd'].entries()) {
      setBounded(map, key, index, 3);
    }
    expect([...map.keys()]).toEqual(['b', 'c', 'd']);
    // Setting a key that is there replaces its value and drops nothing.
    setBounded(map, 'c', 9, 3);
    expect([...map]).toEqual([
      ['b', 1],
      ['c', 9],
      ['d', 3],
    ]);
  });
});

/**
 * Sets `key` in a cache kept to `limit` entries: past it, the entry set longest ago goes
 * (a Map keeps insertion order). For the process's caches of things made once and reused:
 * prepared statements, compiled queries, verified tokens.
 */
export const setBounded = <TKey, TValue>(
  map: Map<TKey, TValue>,
  key: TKey,
  value: TValue,
  limit: number,
) => {
  map.set(key, value);
  if (map.size > limit) {
    const oldest = map.keys().next();
    if (!oldest.done) {
      map.delete(oldest.value);
    }
  }
};

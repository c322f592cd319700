/** A path segment from an ERP key; keys are never free text, but encode them anyway. */
export const segment = (value: string) => encodeURIComponent(value);

/** A query string from defined values only. */
export const queryString = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') {
      search.set(name, String(value));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};

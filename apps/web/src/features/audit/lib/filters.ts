/** The form's fields: text as typed, '' where the admin chose nothing. */
export type TAuditFilterForm = {
  user: string;
  action: string;
  patient_id: string;
  from: string;
  to: string;
  outcome: string;
};

export const EMPTY_FILTERS: TAuditFilterForm = {
  user: '',
  action: '',
  patient_id: '',
  from: '',
  to: '',
  outcome: '',
};

/** A query string of the filters given (trimmed), for the list and the CSV alike. */
export const filterParams = (
  filters: TAuditFilterForm,
  extra: Record<string, string | number> = {},
) => {
  const params = new URLSearchParams();
  const entries: [string, string | number][] = [
    ...Object.entries(filters),
    ...Object.entries(extra),
  ];
  for (const [name, value] of entries) {
    const text = String(value).trim();
    if (text !== '') {
      params.set(name, text);
    }
  }
  return params.toString();
};

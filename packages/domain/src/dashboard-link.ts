/**
 * A link that opens one patient on the dashboard (analytics' Patients Needing Attention):
 * /dashboard?payor=..&patient=..&search=.. . Admins choose any payor; the list is searched
 * for the patient and the patient is selected once the list shows them.
 */
export const DASHBOARD_LINK_PARAMS = {
  payor: 'payor',
  patient: 'patient',
  search: 'search',
} as const;

export const dashboardPatientLink = (target: {
  payorKey: string | null;
  patientKey: string;
  search: string | null;
}) => {
  const pairs: [string, string | null][] = [
    [DASHBOARD_LINK_PARAMS.payor, target.payorKey],
    [DASHBOARD_LINK_PARAMS.patient, target.patientKey],
    [DASHBOARD_LINK_PARAMS.search, target.search],
  ];
  const query = pairs
    .filter((pair): pair is [string, string] => Boolean(pair[1]))
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&');
  return `/dashboard?${query}`;
};

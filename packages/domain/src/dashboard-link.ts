/**
 * The dashboard's address: /dashboard?payor=..&patient=..&order=..&view=..&search=.. .
 * Every choice on the screen lives here, so a pasted link opens the same screen for a
 * colleague with access (docs/decisions.md, "The dashboard's address"). Admins choose any
 * payor; payor staff see their own. A link from elsewhere (analytics' Patients Needing
 * Attention) names a patient and a search.
 */
export const DASHBOARD_LINK_PARAMS = {
  payor: 'payor',
  patient: 'patient',
  /** The order's SO number. */
  order: 'order',
  /** One of the four order views (order-progress.ts ORDER_VIEWS). */
  view: 'view',
  search: 'search',
} as const;

export type TDashboardLinkParam = keyof typeof DASHBOARD_LINK_PARAMS;

export const dashboardPatientLink = (target: {
  payorKey: string | null;
  patientKey: string;
  search: string | null;
  soNumber?: string | null;
}) => {
  const pairs: [string, string | null | undefined][] = [
    [DASHBOARD_LINK_PARAMS.payor, target.payorKey],
    [DASHBOARD_LINK_PARAMS.patient, target.patientKey],
    [DASHBOARD_LINK_PARAMS.order, target.soNumber],
    [DASHBOARD_LINK_PARAMS.search, target.search],
  ];
  const query = pairs
    .filter((pair): pair is [string, string] => Boolean(pair[1]))
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&');
  return `/dashboard?${query}`;
};

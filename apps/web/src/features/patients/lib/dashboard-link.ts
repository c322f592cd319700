import { DASHBOARD_LINK_PARAMS } from '@portal/domain/dashboard-link';

/** What the page's URL asks the dashboard to open; absent parameters are undefined. */
export const readDashboardLink = (search = window.location.search) => {
  const params = new URLSearchParams(search);
  return {
    payorKey: params.get(DASHBOARD_LINK_PARAMS.payor) ?? undefined,
    patientKey: params.get(DASHBOARD_LINK_PARAMS.patient) ?? undefined,
    search: params.get(DASHBOARD_LINK_PARAMS.search) ?? undefined,
  };
};

import { useSearchParams } from 'react-router';
import {
  changeDashboardLink,
  parseDashboardLink,
  type TDashboardLinkChange,
} from '../lib/dashboard-link';

/**
 * The dashboard's choices as its address says them (lib/dashboard-link.ts). A choice of
 * payor, patient, order or view is a new history entry, so Back and Forward move through
 * them; typing in the search replaces the entry instead of leaving one per pause.
 */
export const useDashboardUrl = () => {
  const [params, setParams] = useSearchParams();
  const change = (next: TDashboardLinkChange, options: { replace?: boolean } = {}) =>
    setParams((current) => changeDashboardLink(current, next), {
      replace: options.replace ?? false,
    });
  return { ...parseDashboardLink(params), change };
};

export type TDashboardUrl = ReturnType<typeof useDashboardUrl>;

import type { QueryClient } from '@tanstack/react-query';
import type { TAuthUser } from '@portal/domain/auth-api';
import { PageHeading } from '../components/ui/page-heading';
import { Spinner } from '../components/ui/spinner';
import { useCheckAuth } from '../features/auth/api/check-auth';
import { FullScreenLoading } from '../features/patients/components/full-screen-loading';

const loadQueries = () => import('./dashboard-queries');

/**
 * Starts downloading the dashboard's query code (a chunk shared with the screen): the
 * patients API's schemas stay out of the entry that every page, /login included, loads.
 */
export const preloadDashboardQueries = () => loadQueries();

/**
 * /dashboard's first queries (dashboard-queries.ts), once their code is there. If that
 * chunk cannot be fetched, the screen's own chunk fails the same way and its error shows.
 */
export const prefetchDashboard = (queryClient: QueryClient, user: TAuthUser) => {
  void loadQueries()
    .then((module) => module.prefetchDashboard(queryClient, user))
    .catch(() => undefined);
};

/** The dashboard's first loading state, drawn while its chunk downloads. */
export const DashboardFallback = () => {
  const user = useCheckAuth().data?.user;
  if (user?.role === 'patient') {
    return (
      <>
        <PageHeading title="Dashboard" />
        <Spinner label="Loading your orders..." />
      </>
    );
  }
  return (
    <>
      <PageHeading title="Dashboard" />
      <FullScreenLoading />
    </>
  );
};

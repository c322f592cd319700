import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AUTH_MESSAGES } from '@portal/domain/messages';
import { canOpen, landingPathFor, type TAppPath } from '@portal/domain/routes';
import { Button } from '../components/ui/button';
import { useCheckAuth } from '../features/auth/api/check-auth';
import { APP_PAGES } from './pages';

/** Renders a screen only for the roles the route table allows; others see Access Denied. */
export const RoleGate = ({ path, children }: { path: TAppPath; children: ReactNode }) => {
  const { data } = useCheckAuth();
  if (data?.user && canOpen(data.user.role, path)) {
    return children;
  }
  // A way back to where this user belongs, so the page is no dead end.
  const home = landingPathFor(data?.user?.role ?? '');
  const homeTitle = APP_PAGES.find((page) => page.path === home)?.title ?? 'Dashboard';
  return (
    <section
      aria-labelledby="access-denied-title"
      className="mx-auto max-w-lg rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200"
    >
      <h1 id="access-denied-title" className="mb-2 text-2xl font-bold text-slate-900">
        Access Denied
      </h1>
      <p className="text-slate-700">{AUTH_MESSAGES.noPermissionPage}</p>
      <p className="mt-6">
        <Button asChild variant="link">
          <Link to={home}>Go to {homeTitle}</Link>
        </Button>
      </p>
    </section>
  );
};

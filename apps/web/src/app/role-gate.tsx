import type { ReactNode } from 'react';
import { AUTH_MESSAGES } from '@portal/domain/messages';
import { canOpen, type TAppPath } from '@portal/domain/routes';
import { useCheckAuth } from '../features/auth/api/check-auth';

/** Renders a screen only for the roles the route table allows; others see Access Denied. */
export const RoleGate = ({ path, children }: { path: TAppPath; children: ReactNode }) => {
  const { data } = useCheckAuth();
  if (data?.user && canOpen(data.user.role, path)) {
    return children;
  }
  return (
    <section
      aria-labelledby="access-denied-title"
      className="mx-auto max-w-lg rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200"
    >
      <h1 id="access-denied-title" className="mb-2 text-2xl font-bold text-slate-900">
        Access Denied
      </h1>
      <p className="text-slate-700">{AUTH_MESSAGES.noPermissionPage}</p>
    </section>
  );
};

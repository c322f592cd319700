import { ROUTE_ACCESS, canOpen } from '@portal/domain/routes';

/**
 * Where a sign-in goes back to: the signed-in screen the visitor was sent to /login from
 * (with its query, as a notification mail's /notifications?open=<id>), when the route table
 * lets this role open it; undefined otherwise, and for anything that is not one of the
 * portal's own paths.
 */
export const returnPathFor = (role: string, from: string | undefined): string | undefined => {
  if (!from?.startsWith('/') || /^\/[/\\]/.test(from)) {
    return undefined;
  }
  const pathname = from.split(/[?#]/, 1)[0];
  const path = Object.keys(ROUTE_ACCESS).find((route) => route === pathname);
  return path && path !== '/login' && canOpen(role, path as keyof typeof ROUTE_ACCESS)
    ? from
    : undefined;
};

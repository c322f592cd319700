import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { FadeScaleIn } from '../components/ui/fade-scale-in';
import { PUBLIC_HOME, canOpen } from '@portal/domain/routes';
import { useCheckAuth, type TAuthState } from '../features/auth/api/check-auth';
import { LoginPage } from '../features/auth/components/login-page';
import { AuthEvents } from './auth-events';
import { ErrorBoundary } from './error-boundary';
import { lazyComponent } from '../lib/lazy-component';
import { loadAppLayout, SCREEN_MODULES } from './page-modules';
import { APP_PAGES, type TAppPage } from './pages';
import { RequireAuth } from './require-auth';
import { RoleGate } from './role-gate';
import { RootRedirect } from './root-redirect';
import { FullPageFallback, RouteFallback } from './route-fallback';

// /login stays in the entry chunk: it is where every signed-out visit lands. The
// signed-in frame (navigation, idle logoff and its dialog) is a chunk of its own.
const AppLayout = lazyComponent(loadAppLayout, (module) => module.AppLayout);
const ForgotPasswordPage = lazyComponent(
  SCREEN_MODULES['/forgot-password'],
  (module) => module.ForgotPasswordPage,
);
const ResetPasswordPage = lazyComponent(
  SCREEN_MODULES['/reset-password'],
  (module) => module.ResetPasswordPage,
);
const AcceptInvitationPage = lazyComponent(
  SCREEN_MODULES['/accept-invitation'],
  (module) => module.AcceptInvitationPage,
);
const ConfirmEmailRoute = lazyComponent(
  SCREEN_MODULES['/confirm-email'],
  (module) => module.ConfirmEmailRoute,
);
const UnsubscribeRoute = lazyComponent(
  SCREEN_MODULES['/unsubscribe'],
  (module) => module.UnsubscribeRoute,
);
const PublicSupportPage = lazyComponent(
  SCREEN_MODULES['/public/support'],
  (module) => module.PublicSupportPage,
);

// The screen of the address the app opened on, and its frame, start downloading now,
// while the session check is still on the wire, rather than after it.
const openedOn = APP_PAGES.find((page) => page.path === window.location.pathname);
if (openedOn) {
  void AppLayout.preload();
  void openedOn.preload?.();
}

/**
 * The opened screen's first queries, started the moment the session check answers rather
 * than after the signed-in frame has rendered; only when the route table lets the user open
 * it and no forced password change stands in the way (PagePrefetch asks again, at no cost).
 */
export const prefetchOpenedPage = (queryClient: QueryClient, auth: TAuthState) => {
  const user = auth.user;
  if (
    openedOn?.prefetch &&
    user &&
    !user.password_reset_required &&
    !user.mfa_enrolment_required &&
    canOpen(user.role, openedOn.path)
  ) {
    openedOn.prefetch(queryClient, user);
  }
};

const publicScreen = (screen: ReactNode) => (
  <Suspense fallback={<FullPageFallback />}>
    <FadeScaleIn>{screen}</FadeScaleIn>
  </Suspense>
);

/** Starts a page's first queries once its route is matched and allowed. */
const PagePrefetch = ({ page }: { page: TAppPage }) => {
  const queryClient = useQueryClient();
  const user = useCheckAuth().data?.user;
  useEffect(() => {
    if (user) {
      page.prefetch?.(queryClient, user);
    }
  }, [page, queryClient, user]);
  return null;
};

/** The route table of core.md section 2. */
export const AppRouter = () => (
  <BrowserRouter>
    <AuthEvents />
    <ErrorBoundary>
      <Routes>
        <Route path="/login" element={publicScreen(<LoginPage />)} />
        <Route path="/forgot-password" element={publicScreen(<ForgotPasswordPage />)} />
        <Route path="/reset-password" element={publicScreen(<ResetPasswordPage />)} />
        <Route path="/accept-invitation" element={publicScreen(<AcceptInvitationPage />)} />
        <Route path="/confirm-email" element={publicScreen(<ConfirmEmailRoute />)} />
        {/* A notification mail's unsubscribe link: its token is the authority, no sign-in. */}
        <Route path="/unsubscribe" element={publicScreen(<UnsubscribeRoute />)} />
        {/* The public area needs no sign-in; an address there that names no page goes to
            its support page, never to /login. */}
        <Route path="/public/support" element={publicScreen(<PublicSupportPage />)} />
        <Route path="/public/*" element={<Navigate to={PUBLIC_HOME} replace />} />
        <Route element={<RequireAuth />}>
          <Route
            element={
              <Suspense fallback={<FullPageFallback />}>
                <AppLayout />
              </Suspense>
            }
          >
            {APP_PAGES.map((page) => (
              <Route
                key={page.path}
                path={page.path}
                element={
                  <RoleGate path={page.path}>
                    {/* Outside the Suspense boundary, so it runs while the chunk is pending. */}
                    <PagePrefetch page={page} />
                    <Suspense fallback={page.fallback ?? <RouteFallback title={page.title} />}>
                      {page.element}
                    </Suspense>
                  </RoleGate>
                }
              />
            ))}
          </Route>
        </Route>
        <Route path="*" element={<RootRedirect />} />
      </Routes>
    </ErrorBoundary>
  </BrowserRouter>
);

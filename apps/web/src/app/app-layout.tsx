import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { Button } from '../components/ui/button';
import { ToastProvider } from '../components/ui/toast';
import { useCheckAuth } from '../features/auth/api/check-auth';
import { useMarkFilterPreferencesShown } from '../features/auth/api/filter-preferences-shown';
import { useLogout, type TSignOutReason } from '../features/auth/api/logout';
import { IdleLogoff } from '../features/auth/components/idle-logoff';
import { SignOutScreen } from '../features/auth/components/sign-out-screen';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { FirstLoginFilterPrompt } from '../features/preferences/components/first-login-filter-prompt';
import { ErrorBoundary } from './error-boundary';
import { ForcedPasswordNotice } from './forced-password-notice';
import { MainNav } from './main-nav';
import { usePreloadOverlaysWhenIdle } from './overlay-preload';
import { CHANGE_PASSWORD_PATH, isPasswordChangeForced } from './password-reset-redirect';

/**
 * The signed-in screens' frame: header, role-filtered navigation (a menu on small screens),
 * content, the first-login filter prompt (core.md section 2) and the idle logoff. The toasts
 * (ToastProvider) live here, so a toast raised on one screen stays when the user moves on.
 */
export const AppLayout = () => {
  const { data } = useCheckAuth();
  usePreloadOverlaysWhenIdle();
  const logout = useLogout();
  const markFilterPromptShown = useMarkFilterPreferencesShown();
  const navigate = useNavigate();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    if (!menuOpen) {
      return undefined;
    }
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const user = data?.user;
  if (!user) {
    return null;
  }
  // Until the password is changed, only Change Password and Logout are offered, and no
  // other screen is drawn even if the guard stopped redirecting (require-auth.tsx).
  const forced = isPasswordChangeForced(user);
  const blocked = forced && location.pathname !== CHANGE_PASSWORD_PATH;
  const endSession = (reason: TSignOutReason) =>
    logout.mutate(reason, {
      onSuccess: (outcome) => {
        // The idle logoff's way out is AuthEvents' (useLogout); a failure stays on this screen.
        if (outcome === 'signed-out' && reason === 'user') {
          void navigate('/login', { replace: true });
        }
      },
    });
  const signOut = () => endSession('user');

  // Once sign-out starts the screens go, and they do not come back: on success the app
  // leaves for /login, and a failure says the browser is still signed in (sign-out-screen.tsx).
  if (!logout.isIdle) {
    const failed = !logout.isPending && logout.data !== 'signed-out';
    return (
      <SignOutScreen
        status={failed ? 'failed' : 'pending'}
        onTryAgain={() => endSession(logout.variables)}
      />
    );
  }

  return (
    <ToastProvider>
      <div className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only rounded bg-white px-3 py-2 focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-10"
        >
          Skip to main content
        </a>
        <header className="flex items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3">
          <div className="flex items-center gap-2">
            <Button
              variant="ghost"
              // While forced the menu holds only Change Password, which the header shows from sm.
              className={forced ? 'sm:hidden' : 'lg:hidden'}
              aria-expanded={menuOpen}
              aria-controls="main-nav"
              onClick={() => setMenuOpen((open) => !open)}
            >
              Menu
            </Button>
            {forced ? (
              <span className="font-bold whitespace-nowrap text-brand-700">Supplier Portal</span>
            ) : (
              <Link to="/" className="font-bold whitespace-nowrap text-brand-700">
                Supplier Portal
              </Link>
            )}
          </div>
          <div className="flex items-center gap-1 sm:gap-2">
            {/* Until the password is changed the API answers nothing else, the count included. */}
            {!forced && <NotificationBell />}
            <span className="hidden text-sm text-slate-600 sm:inline">{user.email}</span>
            <Button asChild variant="ghost" className="hidden sm:inline-flex">
              <Link to="/change-password">Change Password</Link>
            </Button>
            <Button variant="ghost" onClick={signOut}>
              Logout
            </Button>
          </div>
        </header>
        <div className="flex flex-1 flex-col lg:flex-row">
          <nav
            id="main-nav"
            aria-label="Main"
            className={`${menuOpen ? 'block' : 'hidden'} border-b border-slate-200 bg-white p-3 ${forced ? 'lg:hidden' : 'lg:block'} lg:w-60 lg:border-r lg:border-b-0`}
          >
            {!forced && <MainNav role={user.role} onNavigate={() => setMenuOpen(false)} />}
            {/* On phones the header has no room for it, so it joins the menu. */}
            <Link
              to="/change-password"
              className="mt-1 block rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none sm:hidden"
              onClick={() => setMenuOpen(false)}
            >
              Change Password
            </Link>
          </nav>
          <main id="main" tabIndex={-1} className="flex-1 px-4 py-6 sm:px-8 focus:outline-none">
            <ErrorBoundary key={location.pathname}>
              {blocked ? <ForcedPasswordNotice /> : <Outlet />}
            </ErrorBoundary>
          </main>
        </div>
        {/* Not over the setup of a second factor: confirming it lifts the enrolment the
            prompt waits for, and it opened over the recovery codes still to be saved. */}
        {location.pathname !== '/security-setup' && (
          <FirstLoginFilterPrompt
            user={user}
            markShown={() => markFilterPromptShown.mutateAsync()}
          />
        )}
        <IdleLogoff onSignOut={signOut} onExpire={() => endSession('idle')} />
      </div>
    </ToastProvider>
  );
};

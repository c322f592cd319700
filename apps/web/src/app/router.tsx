import type { ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { FadeScaleIn } from '../components/ui/fade-scale-in';
import { ForgotPasswordPage } from '../features/auth/components/forgot-password-page';
import { LoginPage } from '../features/auth/components/login-page';
import { ResetPasswordPage } from '../features/auth/components/reset-password-page';
import { AppLayout } from './app-layout';
import { AuthEvents } from './auth-events';
import { ErrorBoundary } from './error-boundary';
import { APP_PAGES } from './pages';
import { RequireAuth } from './require-auth';
import { RoleGate } from './role-gate';
import { RootRedirect } from './root-redirect';

const publicScreen = (screen: ReactNode) => <FadeScaleIn>{screen}</FadeScaleIn>;

/** The route table of core.md section 2. */
export const AppRouter = () => (
  <BrowserRouter>
    <AuthEvents />
    <ErrorBoundary>
      <Routes>
        <Route path="/login" element={publicScreen(<LoginPage />)} />
        <Route path="/forgot-password" element={publicScreen(<ForgotPasswordPage />)} />
        <Route path="/reset-password" element={publicScreen(<ResetPasswordPage />)} />
        <Route element={<RequireAuth />}>
          <Route element={<AppLayout />}>
            {APP_PAGES.map((page) => (
              <Route
                key={page.path}
                path={page.path}
                element={<RoleGate path={page.path}>{page.element}</RoleGate>}
              />
            ))}
          </Route>
        </Route>
        <Route path="*" element={<RootRedirect />} />
      </Routes>
    </ErrorBoundary>
  </BrowserRouter>
);

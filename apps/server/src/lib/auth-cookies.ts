import type { FastifyReply } from 'fastify';
import { SESSION_POLICY } from './session-policy';

/** Names follow the CSRF cookie names the spec fixes (csrf_access_token, csrf_refresh_token). */
export const COOKIES = {
  access: 'access_token_cookie',
  refresh: 'refresh_token_cookie',
  csrfAccess: 'csrf_access_token',
  csrfRefresh: 'csrf_refresh_token',
} as const;

export type TSessionCookies = {
  accessToken: string;
  refreshToken: string;
  csrfAccess: string;
  csrfRefresh: string;
  rememberMe: boolean;
};

const seconds = (ms: number) => Math.floor(ms / 1000);

// The tokens only ever go to the API; the CSRF values must be readable by the page's script.
const tokenCookie = (secure: boolean) =>
  ({ path: '/api', httpOnly: true, secure, sameSite: 'lax' }) as const;
const csrfCookie = (secure: boolean) =>
  ({ path: '/', httpOnly: false, secure, sameSite: 'lax' }) as const;

export const setSessionCookies = (
  reply: FastifyReply,
  cookies: TSessionCookies,
  options: { secure: boolean },
) => {
  // Without remember-me every cookie is a browser-session cookie: closing the browser ends
  // the sign-in. With it the access cookie lapses with its token and the refresh cookie lasts.
  const accessAge = cookies.rememberMe ? { maxAge: seconds(SESSION_POLICY.accessTokenMs) } : {};
  const refreshAge = cookies.rememberMe ? { maxAge: seconds(SESSION_POLICY.rememberMeMaxMs) } : {};
  void reply
    .setCookie(COOKIES.access, cookies.accessToken, {
      ...tokenCookie(options.secure),
      ...accessAge,
    })
    .setCookie(COOKIES.csrfAccess, cookies.csrfAccess, {
      ...csrfCookie(options.secure),
      ...accessAge,
    })
    .setCookie(COOKIES.refresh, cookies.refreshToken, {
      ...tokenCookie(options.secure),
      ...refreshAge,
    })
    .setCookie(COOKIES.csrfRefresh, cookies.csrfRefresh, {
      ...csrfCookie(options.secure),
      ...refreshAge,
    });
};

export const clearSessionCookies = (reply: FastifyReply, options: { secure: boolean }) => {
  void reply
    .clearCookie(COOKIES.access, tokenCookie(options.secure))
    .clearCookie(COOKIES.refresh, tokenCookie(options.secure))
    .clearCookie(COOKIES.csrfAccess, csrfCookie(options.secure))
    .clearCookie(COOKIES.csrfRefresh, csrfCookie(options.secure));
};

import { afterEach, describe, expect, it } from 'vitest';
import {
  LOOP_RULE,
  consumeResetCompletion,
  isChangePasswordLoop,
  isRedirectLoop,
  mustRedirectToChangePassword,
  noteAutomaticRedirect,
  noteLocation,
  noteUserInput,
  redirectLoopDetected,
} from './password-reset-redirect';

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

const forced = { passwordResetRequired: true, pathname: '/dashboard', resetJustCompleted: false };

describe('forced password change redirect', () => {
  it('keeps a flagged user from every screen but /change-password', () => {
    expect(mustRedirectToChangePassword(forced)).toBe(true);
    expect(mustRedirectToChangePassword({ ...forced, pathname: '/change-password' })).toBe(false);
    expect(mustRedirectToChangePassword({ ...forced, passwordResetRequired: false })).toBe(false);
    expect(mustRedirectToChangePassword({ ...forced, resetJustCompleted: true })).toBe(false);
  });

  it('keeps them from it after a loop too: the loop flag stops redirects, not the guard', () => {
    window.sessionStorage.setItem('auth_redirect_loop_detected', 'true');
    expect(mustRedirectToChangePassword(forced)).toBe(true);
  });

  it('reads the completion flags once and clears them', () => {
    window.localStorage.setItem('password_reset_completed', 'true');
    window.localStorage.setItem('force_dashboard_redirect', 'true');
    expect(consumeResetCompletion()).toBe(true);
    expect(window.localStorage.getItem('password_reset_completed')).toBeNull();
    expect(window.localStorage.getItem('force_dashboard_redirect')).toBeNull();
    expect(consumeResetCompletion()).toBe(false);
  });
});

describe('the spec’s redirect-loop rule', () => {
  it('is the current and the previous path both being /change-password', () => {
    const loop = (previousPath: string | undefined, currentPath: string) =>
      isChangePasswordLoop({ previousPath, currentPath });
    expect(loop('/change-password', '/change-password')).toBe(true);
    expect(loop('/dashboard', '/change-password')).toBe(false);
    expect(loop('/change-password', '/dashboard')).toBe(false);
    expect(loop(undefined, '/change-password')).toBe(false);
  });

  it('sets the session flag when /change-password is shown right after itself', () => {
    noteLocation({ key: 'a1', pathname: '/dashboard' });
    noteLocation({ key: 'a2', pathname: '/change-password' });
    // The same location drawn again (a re-render, React's strict mode) is no second visit.
    noteLocation({ key: 'a2', pathname: '/change-password' });
    expect(redirectLoopDetected()).toBe(false);
    noteLocation({ key: 'a3', pathname: '/change-password' });
    expect(window.sessionStorage.getItem('auth_redirect_loop_detected')).toBe('true');
  });

  it('fires on the first repeat, long before the backstop would', () => {
    noteLocation({ key: 'b1', pathname: '/change-password' });
    noteLocation({ key: 'b2', pathname: '/change-password' });
    expect(redirectLoopDetected()).toBe(true);
  });
});

describe('the redirect-loop backstop', () => {
  const now = 1_000_000;
  const burst = (count: number, spacingMs: number) =>
    Array.from({ length: count }, (_, index) => now - index * spacingMs);

  it(`is ${LOOP_RULE.redirects} automatic redirects within ${LOOP_RULE.windowMs} ms`, () => {
    expect(isRedirectLoop({ redirectTimes: burst(5, 10), lastUserInputAt: 0, now })).toBe(true);
    expect(isRedirectLoop({ redirectTimes: burst(4, 10), lastUserInputAt: 0, now })).toBe(false);
  });

  it('is not redirects spread out as a person would cause them', () => {
    // Five typed addresses, one every 400 ms: only three fall within the window.
    expect(isRedirectLoop({ redirectTimes: burst(5, 400), lastUserInputAt: 0, now })).toBe(false);
  });

  it('does not count redirects from before the user’s last click or key press', () => {
    expect(isRedirectLoop({ redirectTimes: burst(8, 10), lastUserInputAt: now - 35, now })).toBe(
      false,
    );
    expect(isRedirectLoop({ redirectTimes: burst(8, 10), lastUserInputAt: now - 45, now })).toBe(
      true,
    );
  });

  it('sets the session flag only for a loop, and a click restarts the count', () => {
    for (let index = 0; index < 4; index += 1) {
      noteAutomaticRedirect(now + index);
    }
    expect(redirectLoopDetected()).toBe(false);
    noteUserInput(now + 5);
    for (let index = 0; index < 4; index += 1) {
      noteAutomaticRedirect(now + 10 + index);
    }
    expect(redirectLoopDetected()).toBe(false);
    noteAutomaticRedirect(now + 20);
    expect(window.sessionStorage.getItem('auth_redirect_loop_detected')).toBe('true');
  });
});

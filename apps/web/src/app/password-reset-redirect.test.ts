import { afterEach, describe, expect, it } from 'vitest';
import {
  consumeResetCompletion,
  mustRedirectToChangePassword,
  noteVisit,
} from './password-reset-redirect';

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

const forced = { passwordResetRequired: true, pathname: '/dashboard', resetJustCompleted: false };

describe('forced password change redirect', () => {
  it('sends a flagged user to /change-password from anywhere else', () => {
    expect(mustRedirectToChangePassword(forced)).toBe(true);
    expect(mustRedirectToChangePassword({ ...forced, pathname: '/change-password' })).toBe(false);
    expect(mustRedirectToChangePassword({ ...forced, passwordResetRequired: false })).toBe(false);
    expect(mustRedirectToChangePassword({ ...forced, resetJustCompleted: true })).toBe(false);
  });

  it('stops redirecting once /change-password follows /change-password', () => {
    noteVisit('/change-password', '/dashboard');
    expect(mustRedirectToChangePassword(forced)).toBe(true);
    noteVisit('/change-password', '/change-password');
    expect(window.sessionStorage.getItem('auth_redirect_loop_detected')).toBe('true');
    expect(mustRedirectToChangePassword(forced)).toBe(false);
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

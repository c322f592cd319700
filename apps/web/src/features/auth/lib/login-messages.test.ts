import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import {
  LOGIN_FALLBACKS,
  isMfaChallenge,
  loginErrorMessage,
  readLoginAnswer,
} from './login-messages';

/** What a sign-in that failed this way shows. */
const shown = (answer: unknown) => {
  try {
    readLoginAnswer(answer);
  } catch (error) {
    return loginErrorMessage(error);
  }
  return 'signed in';
};

const user = {
  id: 1,
  email: 'a@example.com',
  username: 'A',
  role: 'admin',
  payor_key: null,
  patient_key: null,
  password_reset_required: false,
  mfa_enrolment_required: false,
  filter_preferences_shown: true,
  permissions: [],
};

describe('which message a failed sign-in shows (core.md section 8)', () => {
  it('passes a success with its user through', () => {
    const answer = { success: true, message: 'Login successful', user };
    expect(readLoginAnswer(answer)).toBe(answer);
  });

  it('passes a challenge for a second factor through, and tells it from a session', () => {
    const challenge = {
      success: true,
      mfa_required: true,
      message: 'Enter the 6-digit code from your authenticator app',
      challenge: 'c-1',
      methods: ['totp', 'recovery_code'],
    };
    const read = readLoginAnswer(challenge);
    expect(read).toBe(challenge);
    expect(isMfaChallenge(read)).toBe(true);
    expect(isMfaChallenge(readLoginAnswer({ success: true, message: 'ok', user }))).toBe(false);
    // A challenge without its token is no usable answer.
    expect(shown({ ...challenge, challenge: '' })).toBe(LOGIN_FALLBACKS.unexpected);
  });

  it('shows the message of a 200 refusal, else Invalid credentials', () => {
    expect(shown({ success: false, message: 'Your account is locked' })).toBe(
      'Your account is locked',
    );
    expect(shown({ success: false, message: '  ' })).toBe('Invalid credentials');
    expect(shown({ success: false })).toBe(LOGIN_FALLBACKS.refused);
  });

  it('shows the 401’s own error, else the spec’s long invalid-credentials text', () => {
    expect(loginErrorMessage(new ApiError(401, 'x', { error: 'Account disabled' }))).toBe(
      'Account disabled',
    );
    expect(loginErrorMessage(new ApiError(401, 'x'))).toBe(
      'Invalid credentials. Please check your username and password.',
    );
  });

  it('shows another HTTP error’s text, its status’s message, else Login failed', () => {
    expect(loginErrorMessage(new ApiError(429, 'x', { error: 'Too many sign-in attempts' }))).toBe(
      'Too many sign-in attempts',
    );
    expect(loginErrorMessage(new ApiError(500, 'x'))).toBe(
      'Server error. Please try again later or contact support.',
    );
    expect(loginErrorMessage(new ApiError(409, 'x'))).toBe('Login failed');
  });

  it('shows An error occurred during login without a usable answer', () => {
    // The API client's "no answer" (network down) is status 0.
    expect(loginErrorMessage(new ApiError(0, 'Service unavailable'))).toBe(
      'An error occurred during login',
    );
    expect(shown({ success: true, message: 'Login successful' })).toBe(
      'An error occurred during login',
    );
    expect(shown(undefined)).toBe('An error occurred during login');
    expect(loginErrorMessage(new TypeError('boom'))).toBe(LOGIN_FALLBACKS.unexpected);
  });
});

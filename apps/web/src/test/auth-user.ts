import type { TAuthUser } from '@portal/domain/auth-api';

/**
 * A signed-in case manager of payor 7001 who has nothing left to do before the dashboard
 * (password set, no second factor owed, filter prompt seen); tests change what they test.
 */
export const caseManager = (changes: Partial<TAuthUser> = {}): TAuthUser => ({
  id: 7,
  email: 'cm@example.com',
  username: 'cm',
  role: 'case_manager',
  payor_key: '7001',
  patient_key: null,
  password_reset_required: false,
  mfa_enrolment_required: false,
  filter_preferences_shown: true,
  permissions: [],
  ...changes,
});

import { describe, expect, it } from 'vitest';
import {
  classificationToggles,
  shouldShowFilterPrompt,
  toggleSelection,
} from './first-login-rules';

const staff = {
  role: 'case_manager' as const,
  patient_key: null,
  password_reset_required: false,
  mfa_enrolment_required: false,
  filter_preferences_shown: false,
};

describe('shouldShowFilterPrompt', () => {
  it('shows once to a signed-in non-patient with no reset pending', () => {
    expect(shouldShowFilterPrompt(staff)).toBe(true);
    expect(shouldShowFilterPrompt({ ...staff, role: 'admin' })).toBe(true);
  });

  it('never shows to patients, by role or by patient_key', () => {
    expect(shouldShowFilterPrompt({ ...staff, role: 'patient' })).toBe(false);
    expect(shouldShowFilterPrompt({ ...staff, patient_key: 'P-1' })).toBe(false);
  });

  it('waits for a pending password reset and stops once shown', () => {
    expect(shouldShowFilterPrompt({ ...staff, password_reset_required: true })).toBe(false);
    expect(shouldShowFilterPrompt({ ...staff, mfa_enrolment_required: true })).toBe(false);
    expect(shouldShowFilterPrompt({ ...staff, filter_preferences_shown: true })).toBe(false);
  });
});

describe('classificationToggles', () => {
  const listed = ['A', 'B', 'C'];

  it('toggles exactly the differences between enabled and selected', () => {
    expect(classificationToggles({ enabled: ['A', 'B'], selected: ['B', 'C'], listed })).toEqual([
      'A',
      'C',
    ]);
  });

  it('sends nothing when the selection matches the enabled set, in any order', () => {
    expect(classificationToggles({ enabled: ['A', 'B'], selected: ['B', 'A'], listed })).toEqual(
      [],
    );
    expect(classificationToggles({ enabled: [], selected: [], listed })).toEqual([]);
  });

  it('switches everything off when nothing is selected, and on from nothing', () => {
    expect(classificationToggles({ enabled: ['A', 'B'], selected: [], listed })).toEqual([
      'A',
      'B',
    ]);
    expect(classificationToggles({ enabled: [], selected: ['C', 'A'], listed })).toEqual([
      'C',
      'A',
    ]);
  });

  it('toggles each key once even if a list repeats it', () => {
    expect(classificationToggles({ enabled: ['A', 'A'], selected: ['C', 'C'], listed })).toEqual([
      'A',
      'C',
    ]);
  });

  it('leaves alone enabled keys that are no longer listed', () => {
    expect(classificationToggles({ enabled: ['GONE', 'A'], selected: [], listed })).toEqual(['A']);
  });
});

describe('toggleSelection', () => {
  it('adds a missing key and removes a present one', () => {
    expect(toggleSelection(['A'], 'B')).toEqual(['A', 'B']);
    expect(toggleSelection(['A', 'B'], 'A')).toEqual(['B']);
  });
});

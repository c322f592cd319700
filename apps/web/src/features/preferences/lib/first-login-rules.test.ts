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
    expect(shouldShowFilterPrompt({ ...staff, filter_preferences_shown: true })).toBe(false);
  });
});

describe('classificationToggles', () => {
  it('toggles exactly the differences between enabled and selected', () => {
    expect(classificationToggles(['A', 'B'], ['B', 'C'])).toEqual(['A', 'C']);
  });

  it('sends nothing when the selection matches the enabled set, in any order', () => {
    expect(classificationToggles(['A', 'B'], ['B', 'A'])).toEqual([]);
    expect(classificationToggles([], [])).toEqual([]);
  });

  it('switches everything off when nothing is selected, and on from nothing', () => {
    expect(classificationToggles(['A', 'B'], [])).toEqual(['A', 'B']);
    expect(classificationToggles([], ['C', 'A'])).toEqual(['C', 'A']);
  });

  it('toggles each key once even if a list repeats it', () => {
    expect(classificationToggles(['A', 'A'], ['C', 'C'])).toEqual(['A', 'C']);
  });
});

describe('toggleSelection', () => {
  it('adds a missing key and removes a present one', () => {
    expect(toggleSelection(['A'], 'B')).toEqual(['A', 'B']);
    expect(toggleSelection(['A', 'B'], 'A')).toEqual(['B']);
  });
});

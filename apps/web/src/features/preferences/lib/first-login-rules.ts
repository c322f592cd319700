import type { TAuthUser } from '@portal/domain/auth-api';

export const NO_CATEGORIES_WARNING =
  'No categories selected. All orders will be shown if you continue without selecting any categories.';

/**
 * The first-login filter prompt is for a signed-in non-patient (no patient role and no
 * patient_key) with no password reset pending who has not seen it yet (core.md section 2),
 * nor a second factor owed (issue 35): the enrolment comes first.
 */
export const shouldShowFilterPrompt = (
  user: Pick<
    TAuthUser,
    | 'role'
    | 'patient_key'
    | 'password_reset_required'
    | 'mfa_enrolment_required'
    | 'filter_preferences_shown'
  >,
): boolean =>
  user.role !== 'patient' &&
  !user.patient_key &&
  !user.password_reset_required &&
  !user.mfa_enrolment_required &&
  !user.filter_preferences_shown;

/**
 * The classification keys to toggle so that the enabled set becomes the selected one: those
 * to switch off first, then those to switch on, each once, in a stable order. Keys outside
 * `listed` (the categories the user was shown) are left alone: the user could not choose
 * them, and the server answers 404 for a category it no longer has.
 */
export const classificationToggles = ({
  enabled,
  selected,
  listed,
}: {
  enabled: readonly string[];
  selected: readonly string[];
  listed: readonly string[];
}): string[] => {
  const shown = new Set(listed);
  const on = new Set(enabled.filter((key) => shown.has(key)));
  const wanted = new Set(selected.filter((key) => shown.has(key)));
  const switchOff = [...on].filter((key) => !wanted.has(key));
  const switchOn = [...wanted].filter((key) => !on.has(key));
  return [...switchOff, ...switchOn];
};

/** The selection with `key` added or removed. */
export const toggleSelection = (selected: readonly string[], key: string): string[] =>
  selected.includes(key) ? selected.filter((item) => item !== key) : [...selected, key];

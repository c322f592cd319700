import type { InputHTMLAttributes } from 'react';

/**
 * Attributes of every patient search box. Search text is fragments of patient names and IDs:
 * the browser must not keep it in its form history (autocomplete off) nor offer it to the
 * next person at this computer, must not send it to an online spelling service (spellcheck),
 * and phones must not "correct" or capitalise a patient ID.
 */
export const searchInputPrivacy = {
  autoComplete: 'off',
  spellCheck: false,
  autoCorrect: 'off',
  autoCapitalize: 'off',
} as const satisfies InputHTMLAttributes<HTMLInputElement>;

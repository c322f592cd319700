/**
 * The one keyboard focus ring: a 2 px brand ring on keyboard focus only (a mouse click
 * draws none). Controls that take text (input, select, textarea) use their own border-and-
 * glow focus in `input.tsx`, since they show focus on click too.
 */
export const focusRing =
  'focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none';

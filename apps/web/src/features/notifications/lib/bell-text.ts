/*
 * The bell's words. Apart from the list's display rules (display.ts) on purpose: the bell is
 * in the signed-in frame every screen starts with, and the contract module those import
 * builds zod schemas, which no start-up module may load (decisions.md, "Typed reads in the
 * browser").
 */

/** The bell's badge: the count, '99+' above 99, nothing at 0. */
export const badgeText = (count: number) => (count > 99 ? '99+' : count > 0 ? String(count) : '');

/** The bell's name for assistive technology: 'Notifications, 3 unread'. */
export const bellLabel = (count: number) =>
  count > 0 ? `Notifications, ${count} unread` : 'Notifications';

import { z } from 'zod';
import { ZLine, ZText } from './text';

/**
 * My Profile (staff-tools.md sections 2, 5 and 8; core.md section 7): GET and PUT
 * /api/profile. username is the user's full name as the screen shows it.
 */

export const PROFILE_LIMITS = { username: 100, email: 255 } as const;

export const PROFILE_MESSAGES = {
  loadFailed: 'Failed to load profile data',
  updated: 'Profile updated successfully!',
  updateFailed: 'Failed to update profile',
  passwordUpdated: 'Password updated successfully!',
  passwordFailed: 'Failed to update password',
  passwordsDiffer: 'New passwords do not match',
  filtersUpdated: 'Filter preferences updated!',
  filtersFailed: 'Failed to update filter preferences',
  noClassifications: 'No order classifications available at this time.',
  currentPasswordRequired: 'Enter your current password to change your email address.',
  currentPasswordWrong: 'Current password is incorrect',
  emailChangeTooMany:
    'You have asked to change your email address too many times. Please wait an hour and try again.',
  emailLinkInvalid: 'This confirmation link is invalid or has expired.',
  emailTakenAtConfirm:
    'Another account now uses this email address, so your email address was not changed. Request the change again with another address.',
} as const;

/** How long a link confirming a new email address works (issue 28). */
export const EMAIL_CHANGE_LINK_HOURS = 24;

/**
 * The answer to a requested email change. It names only what the user typed, so it reads the
 * same whether or not another account uses the address.
 */
export const emailChangeRequestedMessage = (email: string) =>
  `We sent a confirmation link to ${email}. Your email address changes when you open it; until then, sign in with your current address.`;

/** The answer once the link is opened: the account's new sign-in name. */
export const emailChangedMessage = (email: string) =>
  `Your email address is now ${email}. Sign in with it from now on.`;

export const ZProfileUsername = ZLine()
  .trim()
  .min(1, 'Full name is required')
  .max(PROFILE_LIMITS.username, `Full name must be at most ${PROFILE_LIMITS.username} characters`);

export const ZProfileEmail = ZLine()
  .trim()
  .min(1, 'Email address is required')
  .max(PROFILE_LIMITS.email, `Email address must be at most ${PROFILE_LIMITS.email} characters`)
  .pipe(z.email('Please enter a valid email address'));

export const ZProfile = z.object({ username: z.string(), email: z.string() });
export type TProfile = z.infer<typeof ZProfile>;

export const ZProfileResponse = ZProfile.extend({ success: z.literal(true) });

/** current_password is sent only when the email changes; the server asks for it then. */
export const ZProfileUpdate = z.object({
  username: ZProfileUsername,
  email: ZProfileEmail,
  current_password: ZText().max(1024).optional(),
});
export type TProfileUpdate = z.input<typeof ZProfileUpdate>;

/**
 * The stored values: after an email change is requested `email` is still the current one,
 * and `message` says where the confirmation link went.
 */
export const ZProfileUpdateResponse = ZProfileResponse.extend({ message: z.string() });
export type TProfileUpdateResponse = z.infer<typeof ZProfileUpdateResponse>;

/** POST /api/profile/confirm-email: the token from the link is the only credential. */
export const ZConfirmEmailInput = z.object({ token: ZLine().trim().min(1).max(256) });
export type TConfirmEmailInput = z.input<typeof ZConfirmEmailInput>;

export const ZConfirmEmailResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  email: z.string(),
});
export type TConfirmEmailResponse = z.infer<typeof ZConfirmEmailResponse>;

/** Whether an edit changes the email (compared as the server stores it: trimmed, lower case). */
export const emailChanges = (stored: string, typed: string) =>
  stored.trim().toLowerCase() !== typed.trim().toLowerCase();

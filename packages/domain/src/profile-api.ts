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
  emailTaken: 'This email address is already used by another account.',
  currentPasswordRequired: 'Enter your current password to change your email address.',
  currentPasswordWrong: 'Current password is incorrect',
} as const;

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

export const ZProfileUpdateResponse = ZProfileResponse.extend({ message: z.string() });
export type TProfileUpdateResponse = z.infer<typeof ZProfileUpdateResponse>;

/** Whether an edit changes the email (compared as the server stores it: trimmed, lower case). */
export const emailChanges = (stored: string, typed: string) =>
  stored.trim().toLowerCase() !== typed.trim().toLowerCase();

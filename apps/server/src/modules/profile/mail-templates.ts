import type { TMailMessage } from '../../mail/outbox';

/**
 * Told to the old address when an account's email changes: if someone else made the change,
 * the owner learns of it where they still read mail.
 */
export const emailChangedMail = (options: {
  to: string;
  newEmail: string;
  appOrigin: string;
}): TMailMessage => ({
  to: options.to,
  subject: 'Your Supplier Portal email address was changed',
  text: [
    `The email address of your Supplier Portal account was changed to ${options.newEmail}.`,
    'You will sign in with the new address from now on.',
    '',
    'If you did not make this change, contact support at once and have your password reset:',
    `${options.appOrigin}/forgot-password`,
  ].join('\n'),
});

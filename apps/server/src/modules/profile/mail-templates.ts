import { EMAIL_CHANGE_LINK_HOURS } from '@portal/domain/profile-api';
import type { TMailMessage } from '../../mail/outbox';

/**
 * Told to the old address when an account's email changes (its link was opened): if someone
 * else made the change, the owner learns of it where they still read mail.
 */
export const emailChangedMail = (options: { to: string; newEmail: string }): TMailMessage => ({
  to: options.to,
  subject: 'Your Supplier Portal email address was changed',
  text: [
    `The email address of your Supplier Portal account was changed to ${options.newEmail}.`,
    'You will sign in with the new address from now on.',
    '',
    'If you did not make this change, contact support at once.',
  ].join('\n'),
});

/**
 * The link that confirms a new address, mailed to that address: the change happens only when
 * it is opened, so nobody moves an account to an address they cannot read.
 */
export const confirmEmailMail = (options: {
  to: string;
  appOrigin: string;
  token: string;
}): TMailMessage => {
  const link = `${options.appOrigin}/confirm-email?token=${encodeURIComponent(options.token)}`;
  const expiry = `It works once and expires after ${EMAIL_CHANGE_LINK_HOURS} hours:`;
  return {
    to: options.to,
    subject: 'Confirm your new Supplier Portal email address',
    text: [
      'Someone asked to use this address for their Supplier Portal account.',
      '',
      `Open this link to confirm the change. ${expiry}`,
      link,
      '',
      'If you did not ask for this, ignore this e-mail; no account will use this address.',
    ].join('\n'),
    html: [
      '<p>Someone asked to use this address for their Supplier Portal account.</p>',
      `<p>Open this link to confirm the change. ${expiry}</p>`,
      `<p><a href="${link}">Confirm your new email address</a></p>`,
      '<p>If you did not ask for this, ignore this e-mail; no account will use this address.</p>',
    ].join('\n'),
  };
};

/**
 * Told to the current address when a change is requested: the account stays on it until the
 * new address confirms, and a new password cancels the change.
 */
export const emailChangeRequestedMail = (options: {
  to: string;
  newEmail: string;
  appOrigin: string;
}): TMailMessage => ({
  to: options.to,
  subject: 'A change of your Supplier Portal email address was requested',
  text: [
    `Someone asked to change the email address of your Supplier Portal account to ${options.newEmail}.`,
    'Your account keeps this address until the confirmation link mailed to the new address is opened.',
    '',
    'If this was not you, change your password now (this cancels the change) and contact support.',
    'You can reset your password here:',
    `${options.appOrigin}/forgot-password`,
  ].join('\n'),
});

/**
 * Sent instead of a confirmation link when another account already uses the requested
 * address: its owner learns of the attempt, and the requester's answer stays the same.
 */
export const emailInUseMail = (options: { to: string; appOrigin: string }): TMailMessage => ({
  to: options.to,
  subject: 'Someone tried to use your email address on the Supplier Portal',
  text: [
    'Someone asked to move another Supplier Portal account to this email address.',
    'This address already belongs to an account, so nothing was changed.',
    '',
    'If this was you, sign in with this address. If you forgot its password, reset it here:',
    `${options.appOrigin}/forgot-password`,
    '',
    'If it was not you, you need not do anything.',
  ].join('\n'),
});

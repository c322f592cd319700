import type { TMailMessage } from '../../mail/outbox';

/** The reset mail. The link is built from APP_ORIGIN, never from the request's Host header. */
export const resetPasswordMail = (options: {
  to: string;
  appOrigin: string;
  token: string;
}): TMailMessage => {
  const link = `${options.appOrigin}/reset-password?token=${encodeURIComponent(options.token)}`;
  return {
    to: options.to,
    subject: 'Reset your Supplier Portal password',
    text: [
      'Someone asked to reset the password of your Supplier Portal account.',
      '',
      'Open this link to choose a new password. It works once and expires after 1 hour:',
      link,
      '',
      'If you did not ask for this, ignore this e-mail; your password stays as it is.',
    ].join('\n'),
    html: [
      '<p>Someone asked to reset the password of your Supplier Portal account.</p>',
      '<p>Open this link to choose a new password. It works once and expires after 1 hour:</p>',
      `<p><a href="${link}">Reset your password</a></p>`,
      '<p>If you did not ask for this, ignore this e-mail; your password stays as it is.</p>',
    ].join('\n'),
  };
};

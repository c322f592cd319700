import type { TMailMessage } from '../../mail/outbox';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The invitation mail. The link is built from APP_ORIGIN, never from a request's Host
 * header; it names no password, only a one-time token.
 */
export const invitationMail = (options: {
  to: string;
  name: string;
  appOrigin: string;
  token: string;
  days: number;
}): TMailMessage => {
  const link = `${options.appOrigin}/accept-invitation?token=${encodeURIComponent(options.token)}`;
  const lifetime = options.days === 1 ? '1 day' : `${options.days} days`;
  const greeting = `Hello ${options.name},`;
  const lines = [
    'An account has been created for you on the Supplier Portal.',
    `Open this link to choose your password and sign in. It works once and expires after ${lifetime}:`,
  ];
  const ending =
    'If the link has expired, use Forgot password? on the sign-in page to get a new one. If you were not expecting this e-mail, ignore it.';
  return {
    to: options.to,
    subject: 'Welcome to the Supplier Portal: choose your password',
    text: [greeting, '', ...lines, link, '', ending].join('\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      ...lines.map((line) => `<p>${line}</p>`),
      `<p><a href="${link}">Choose your password</a></p>`,
      `<p>${ending}</p>`,
    ].join('\n'),
  };
};

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export type TOutgoingMail = {
  id: number;
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  headers?: Record<string, string> | undefined;
};

export type TMailTransport = {
  send: (mail: TOutgoingMail) => Promise<void>;
  close: () => void;
};

const toNodemailer = (mail: TOutgoingMail) => ({
  from: mail.from,
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  ...(mail.html === undefined ? {} : { html: mail.html }),
  ...(mail.headers === undefined ? {} : { headers: mail.headers }),
});

/** Sends through the SMTP server named by SMTP_URL (smtp:// or smtps://). */
export const smtpTransport = (smtpUrl: string): TMailTransport => {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    send: async (mail) => {
      await transporter.sendMail(toNodemailer(mail));
    },
    close: () => transporter.close(),
  };
};

/** Without SMTP_URL: each mail becomes an .eml file in `dir` (mode 600), readable by any mail client. */
export const fileTransport = (dir: string): TMailTransport => {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    send: async (mail) => {
      const info = await transporter.sendMail(toNodemailer(mail));
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.id}.eml`;
      await writeFile(path.join(dir, name), info.message, { mode: 0o600 });
    },
    close: () => transporter.close(),
  };
};

export const createMailTransport = (options: { smtpUrl: string | undefined; dataDir: string }) =>
  options.smtpUrl
    ? smtpTransport(options.smtpUrl)
    : fileTransport(path.join(options.dataDir, 'outbox'));

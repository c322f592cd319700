import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';

/** Undoes quoted-printable (soft line breaks, =XX escapes) well enough to find a link. */
export const decodeQuotedPrintable = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The .eml files the default transport wrote, oldest first, decoded. */
export const readOutboxFiles = async (dataDir: string) => {
  const dir = path.join(dataDir, 'outbox');
  const names = (await readdir(dir).catch(() => [])).filter((name) => name.endsWith('.eml'));
  names.sort();
  return Promise.all(
    names.map(async (name) => decodeQuotedPrintable(await readFile(path.join(dir, name), 'utf8'))),
  );
};

/** The reset token in the newest mail to `to`. */
export const lastResetToken = async (dataDir: string, to: string) => {
  const mails = (await readOutboxFiles(dataDir)).filter((mail) => mail.includes(`To: ${to}`));
  const match = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mails.at(-1) ?? '');
  if (!match?.[1]) {
    throw new Error(`no reset mail to ${to}`);
  }
  return match[1];
};

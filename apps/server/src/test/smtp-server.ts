import { SMTPServer } from 'smtp-server';

/** A port nothing listens on right now, for a server a test starts (or leaves down). */
export { freePort } from '@portal/tools/lib/portal-process';

/** A real SMTP server on loopback that keeps each message it receives, raw. */
export const startSmtp = async (port: number) => {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, _session, callback) => {
      let data = '';
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString();
      });
      stream.on('end', () => {
        received.push(data);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

/** A raw message's header block, unfolded, one header a line. */
export const headerLines = (raw: string) =>
  (raw.split(/\r?\n\r?\n/)[0] ?? '').replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/);

import { SMTPServer } from 'smtp-server';

/** A port nothing listens on right now, for a server a test starts (or leaves down). */
export { freePort } from '@portal/tools/lib/portal-process';

/**
 * A real SMTP server on loopback that keeps each message it receives, raw. Recipients
 * `refuse` names get the 550 a mail server answers for a mailbox that does not exist.
 */
export const startSmtp = async (port: number, options: { refuse?: readonly string[] } = {}) => {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo: (address, _session, callback) => {
      if (options.refuse?.includes(address.address)) {
        callback(Object.assign(new Error('No such user here'), { responseCode: 550 }));
        return;
      }
      callback();
    },
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

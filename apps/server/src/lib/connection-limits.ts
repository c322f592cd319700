import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Destroys at once a new connection from an address that already holds `max` open ones,
 * so one client trickling requests (a slowloris) cannot take every MAX_CONNECTIONS slot.
 * `exempt` addresses (the listed proxies, behind which every client shares one address)
 * are not counted. The map holds only addresses with open connections.
 */
export const capConnectionsPerAddress = (
  server: Server,
  options: { max: number; exempt: (address: string) => boolean },
) => {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || options.exempt(address)) {
      return;
    }
    const count = open.get(address) ?? 0;
    if (count >= options.max) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) {
        open.set(address, left);
      } else {
        open.delete(address);
      }
    });
  });
};

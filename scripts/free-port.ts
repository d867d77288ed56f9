import { createServer } from 'node:net';

/**
 * Asks the kernel for a port nobody listens on right now (127.0.0.1 only). Another process may
 * take it before the caller binds it; the servers we start are few enough for that not to matter.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

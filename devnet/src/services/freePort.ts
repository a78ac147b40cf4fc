import { createServer } from 'node:net';

/**
 * A port of 127.0.0.1 nothing listens on right now (the OS picks it). For a server that must know its port before
 * it starts (a load balancer's target list); another process may take it in between, so a caller retries on EADDRINUSE.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

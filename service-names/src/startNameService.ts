import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createNameService, type NameServiceOptions } from './createNameService.js';

export interface StartNameServiceOptions extends NameServiceOptions {
  /** Default 0: a free port. */
  port?: number;
  /** Default '127.0.0.1' (loopback only). */
  host?: string;
}

export interface RunningNameService {
  /** e.g. 'http://127.0.0.1:41234': give it to `createNamesPlugin({ serviceUrl })`. */
  readonly url: string;
  readonly port: number;
  /** Stops listening and closes the database. */
  stop(): Promise<void>;
}

/** Runs the reference name service on Node's HTTP server; resolves once it listens. */
export async function startNameService(options: StartNameServiceOptions = {}): Promise<RunningNameService> {
  const service = await createNameService(options);
  const server = createServer((request, response) => void service.handle(request, response));
  const host = options.host ?? '127.0.0.1';
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, resolve);
    });
  } catch (error) {
    await service.close();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    async stop() {
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      await service.close();
    },
  };
}

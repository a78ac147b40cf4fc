import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createEmbeddedWalletService,
  type EmbeddedWalletService,
  type EmbeddedWalletServiceConfig,
} from './createEmbeddedWalletService.js';

export interface StartEmbeddedWalletServiceOptions extends Omit<EmbeddedWalletServiceConfig, 'publicUrl'> {
  /** Default 0: a free port. */
  port?: number;
  /** Default '127.0.0.1' (loopback only; a TLS reverse proxy in front serves the public origin). */
  host?: string;
  /** The origin browsers use. Default: `http://<host>:<port>` as it listens. */
  publicUrl?: string;
}

export interface RunningEmbeddedWalletService {
  /** The service's origin (`publicUrl`, or where it listens), e.g. 'http://127.0.0.1:41234'. */
  readonly url: string;
  /** The port it listens on. */
  readonly port: number;
  /** Stops listening, then closes the database and the mail transport. */
  close(): Promise<void>;
}

/** Runs the service on Node's HTTP server; resolves once it listens and its database schema is up to date. */
export async function startEmbeddedWalletService(options: StartEmbeddedWalletServiceOptions): Promise<RunningEmbeddedWalletService> {
  let service: EmbeddedWalletService | undefined;
  const server = createServer((request, response) => {
    if (service) return service.handle(request, response);
    response.writeHead(503).end();
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const listening = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const stopListening = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  try {
    service = createEmbeddedWalletService({ ...options, publicUrl: options.publicUrl ?? listening });
    await service.ready;
  } catch (error) {
    await stopListening();
    await service?.close();
    throw error;
  }
  const running = service;
  return {
    url: new URL(options.publicUrl ?? listening).origin,
    port,
    async close() {
      await stopListening();
      await running.close();
    },
  };
}

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackReply {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
}

/**
 * An HTTP server on 127.0.0.1 (free port) that answers from `route` and records every request's
 * path and query. A route may return nothing to leave the request hanging (for abort tests).
 */
export async function startLoopbackServer(route: (url: URL, request: IncomingMessage) => LoopbackReply | undefined) {
  const requests: URL[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((incoming, outgoing) => {
    const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
    requests.push(url);
    const reply = route(url, incoming);
    if (!reply) {
      hanging.add(outgoing);
      return;
    }
    const { status = 200, headers = {}, body } = reply;
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    outgoing.writeHead(status, { 'content-type': 'application/json', ...headers }).end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    requests,
    /** Path plus query of each request, in order. */
    paths: () => requests.map((url) => `${url.pathname}${url.search}`),
    reset: () => {
      requests.length = 0;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type LoopbackServer = Awaited<ReturnType<typeof startLoopbackServer>>;

import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CapturedRequest {
  method: string;
  path: string;
  /** The raw query string, with its leading '?', or ''. */
  search: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Reply {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

/** A real HTTP server on 127.0.0.1 and a free port that records every request it answers. */
export async function startLoopbackServer(reply: (request: CapturedRequest) => Reply = () => ({ status: 204 })) {
  const requests: CapturedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const captured = {
        method: req.method ?? '',
        path: url.pathname,
        search: url.search,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(captured);
      const answer = reply(captured);
      res.writeHead(answer.status, answer.headers).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';

export interface FlakyProxyOptions {
  /** Answer this many requests (HTTP requests and WebSocket upgrades alike) with `failStatus` before forwarding. */
  failFirst?: number;
  /** The status of those failures. Default 503. */
  failStatus?: number;
  /** A `Retry-After` header sent with the failures (seconds, or an HTTP date). */
  retryAfter?: string;
  /** Take every request and never answer it (a node that hangs). */
  hang?: boolean;
}

/** One HTTP request the proxy received: its path and body (a JSON-RPC batch is one request with an array body). */
export interface ProxiedRequest {
  readonly method: string;
  readonly path: string;
  readonly body: string;
  /** What the proxy did: failed it, forwarded it, or held it unanswered. */
  readonly outcome: 'failed' | 'forwarded' | 'held';
}

export interface FlakyProxy {
  readonly url: string;
  /** The same address as `ws://` (WebSocket upgrades are proxied too). */
  readonly wsUrl: string;
  readonly requests: readonly ProxiedRequest[];
  /** WebSocket connection attempts, in order, with what the proxy did. */
  readonly upgrades: readonly ProxiedRequest['outcome'][];
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'host']);

/**
 * An HTTP and WebSocket proxy on a free port of 127.0.0.1 in front of `target` (a node), for transport
 * tests: it fails the first `failFirst` requests, or holds every request unanswered (`hang`), and
 * records what it received, so a test can count the requests a retry, a timeout or a batch made.
 */
export async function startFlakyProxy(target: string, options: FlakyProxyOptions = {}): Promise<FlakyProxy> {
  const to = new URL(target);
  const requests: ProxiedRequest[] = [];
  const upgrades: ProxiedRequest['outcome'][] = [];
  const sockets = new Set<Socket>();
  let failures = options.failFirst ?? 0;
  const decide = (): ProxiedRequest['outcome'] => {
    if (options.hang) return 'held';
    if (failures > 0) {
      failures -= 1;
      return 'failed';
    }
    return 'forwarded';
  };
  const failHeaders = { 'content-type': 'text/plain', ...(options.retryAfter ? { 'retry-after': options.retryAfter } : {}) };

  const server = createServer(async (request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    const outcome = decide();
    requests.push({ method: request.method ?? 'GET', path: request.url ?? '/', body: body.toString('utf8'), outcome });
    if (outcome === 'held') return;
    if (outcome === 'failed') return void response.writeHead(options.failStatus ?? 503, failHeaders).end('flaky proxy: failing on purpose');
    const headers: Record<string, string | string[]> = {};
    for (const [key, value] of Object.entries(request.headers)) if (value !== undefined && !HOP_BY_HOP.has(key)) headers[key] = value;
    const outgoing = httpRequest(
      { host: to.hostname, port: to.port, method: request.method, path: `${to.pathname.replace(/\/$/, '')}${request.url ?? '/'}`, headers },
      (answer) => {
        const back: Record<string, string | string[]> = {};
        for (const [key, value] of Object.entries(answer.headers)) if (value !== undefined && !HOP_BY_HOP.has(key)) back[key] = value;
        response.writeHead(answer.statusCode ?? 502, back);
        answer.pipe(response);
      },
    );
    outgoing.once('error', (error) => response.headersSent || response.writeHead(502).end(String(error)));
    outgoing.end(body);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('upgrade', (request: IncomingMessage, socket: Socket, head: Buffer) => {
    const outcome = decide();
    upgrades.push(outcome);
    if (outcome === 'held') return;
    if (outcome === 'failed') {
      socket.end(`HTTP/1.1 ${options.failStatus ?? 503} Flaky\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
      return;
    }
    const upstream = connect(Number(to.port), to.hostname, () => {
      const lines = [`${request.method} ${request.url} HTTP/1.1`];
      for (let i = 0; i < request.rawHeaders.length; i += 2) lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.once('close', () => sockets.delete(upstream));
    const end = () => {
      socket.destroy();
      upstream.destroy();
    };
    upstream.once('error', end);
    socket.once('error', end);
    socket.once('close', end);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}`,
    requests,
    upgrades,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

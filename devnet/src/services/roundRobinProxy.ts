import { request as httpRequest, type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { Socket } from 'node:net';

export interface RoundRobinProxyOptions {
  /**
   * What the proxy does with `X-Forwarded-For`: `append` the client's address to what the client sent (AWS ALB,
   * nginx's `$proxy_add_x_forwarded_for`), `replace` it with the client's address, or `none` (pass it through).
   * Default `append`.
   */
  forwardedFor?: 'append' | 'replace' | 'none';
}

/** A load balancer for tests: each request goes to the next live instance in turn. */
export interface RoundRobinProxy {
  readonly url: string;
  /** How many requests each target answered, in target order. */
  readonly served: readonly number[];
  /** Stops sending new requests to a target (it stays in the list, skipped). */
  drain(target: string): void;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

/**
 * Starts an HTTP proxy on a free port of 127.0.0.1 that spreads requests round-robin over `targets`
 * (`http://127.0.0.1:PORT` each). A target that refuses the connection (killed, not started) is skipped and the
 * request goes to the next one, as nginx's `proxy_next_upstream error` does; a target that fails once it has
 * the request fails that request (502), as a real balancer would not replay a POST.
 */
export async function startRoundRobinProxy(targets: readonly string[], options: RoundRobinProxyOptions = {}): Promise<RoundRobinProxy> {
  if (targets.length === 0) throw new TypeError('startRoundRobinProxy needs at least one target');
  const served = targets.map(() => 0);
  const drained = new Set<string>();
  const mode = options.forwardedFor ?? 'append';
  let next = 0;

  function headersFor(request: IncomingMessage, target: URL): Record<string, string | string[]> {
    const headers: Record<string, string | string[]> = {};
    for (const [key, value] of Object.entries(request.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(key)) headers[key] = value;
    }
    headers.host = target.host;
    const client = request.socket.remoteAddress ?? '';
    const sent = request.headers['x-forwarded-for'];
    if (mode === 'append') headers['x-forwarded-for'] = sent ? `${sent}, ${client}` : client;
    if (mode === 'replace') headers['x-forwarded-for'] = client;
    headers['x-forwarded-host'] = request.headers.host ?? '';
    headers['x-forwarded-proto'] = 'http';
    return headers;
  }

  function forward(request: IncomingMessage, response: ServerResponse, body: Buffer, tried: number): void {
    const live = targets.map((_, index) => index).filter((index) => !drained.has(targets[index] as string));
    if (tried >= targets.length || live.length === 0) {
      response.statusCode = 502;
      return void response.end('No instance answered');
    }
    let index = next % targets.length;
    while (drained.has(targets[index] as string)) index = (index + 1) % targets.length;
    next = index + 1;
    const target = new URL(targets[index] as string);
    const outgoing = httpRequest(
      { host: target.hostname, port: target.port, method: request.method, path: request.url, headers: headersFor(request, target) },
      (answer) => {
        served[index] = (served[index] ?? 0) + 1;
        const headers: Record<string, string | string[]> = {};
        for (const [key, value] of Object.entries(answer.headers)) {
          if (value !== undefined && !HOP_BY_HOP.has(key)) headers[key] = value;
        }
        response.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers);
        answer.pipe(response);
        answer.once('error', () => response.destroy());
      },
    );
    outgoing.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED' && !response.headersSent) return forward(request, response, body, tried + 1);
      if (!response.headersSent) {
        response.statusCode = 502;
        response.end(`Instance failed: ${error.code ?? error.message}`);
      } else response.destroy();
    });
    outgoing.end(body);
  }

  const sockets = new Set<Socket>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.once('end', () => forward(request, response, Buffer.concat(chunks), 0));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('The proxy has no address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    served,
    drain: (target) => void drained.add(target),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

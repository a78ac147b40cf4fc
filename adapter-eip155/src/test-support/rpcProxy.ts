import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A JSON-RPC pass-through in front of a node that records the methods it forwards (batch-aware). */
export async function startRpcProxy(upstream: string) {
  const methods: string[] = [];
  const calls: { method: string; params: unknown }[] = [];
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      try {
        const parsed: unknown = JSON.parse(body.toString('utf8'));
        for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
          const { method, params } = message as { method: string; params: unknown };
          methods.push(method);
          calls.push({ method, params });
        }
      } catch {
        methods.push('<unparseable>');
      }
      const forward = httpRequest(upstream, { method: 'POST', headers: { 'content-type': 'application/json' } }, (reply) => {
        outgoing.writeHead(reply.statusCode ?? 502, { 'content-type': 'application/json' });
        reply.pipe(outgoing);
      });
      forward.on('error', () => outgoing.writeHead(502).end());
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    methods,
    calls,
    reset() {
      methods.length = 0;
      calls.length = 0;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

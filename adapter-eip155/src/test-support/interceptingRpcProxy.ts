import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What an interceptor answers for one call: a JSON-RPC result, a JSON-RPC error, or a raw body. */
export type InterceptedReply = { result: unknown } | { error: { code: number; message: string } } | { rawBody: string };

export type Interceptor = (method: string, params: unknown) => InterceptedReply | undefined | Promise<InterceptedReply | undefined>;

const METHOD_NOT_FOUND = { code: -32601, message: 'Method not found' };

/** A node without Otterscan: every `ots_*` method is not found, as geth and most hosted RPCs answer. */
export const withoutOtterscan: Interceptor = (method) => (method.startsWith('ots_') ? { error: METHOD_NOT_FOUND } : undefined);

/**
 * A JSON-RPC server on 127.0.0.1 in front of a real node: single calls the interceptor answers never
 * reach the node; everything else (batches too) is forwarded as is. `calls` records every method seen.
 */
export async function startInterceptingRpcProxy(upstream: string, initial?: Interceptor) {
  let interceptor = initial;
  const calls: { method: string; params: unknown }[] = [];
  const forward = (body: Buffer, outgoing: import('node:http').ServerResponse) => {
    const upstreamRequest = httpRequest(upstream, { method: 'POST', headers: { 'content-type': 'application/json' } }, (reply) => {
      outgoing.writeHead(reply.statusCode ?? 502, { 'content-type': 'application/json' });
      reply.pipe(outgoing);
    });
    upstreamRequest.on('error', () => outgoing.writeHead(502).end());
    upstreamRequest.end(body);
  };
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', async () => {
      const body = Buffer.concat(chunks);
      let message: { id?: unknown; method?: string; params?: unknown } | undefined;
      try {
        const parsed: unknown = JSON.parse(body.toString('utf8'));
        for (const call of Array.isArray(parsed) ? parsed : [parsed]) calls.push({ method: String(call?.method), params: call?.params });
        if (!Array.isArray(parsed)) message = parsed as typeof message;
      } catch {
        calls.push({ method: '<unparseable>', params: undefined });
      }
      const reply = message?.method ? await interceptor?.(message.method, message.params) : undefined;
      if (!reply) return forward(body, outgoing);
      outgoing.writeHead(200, { 'content-type': 'application/json' });
      if ('rawBody' in reply) return outgoing.end(reply.rawBody);
      outgoing.end(JSON.stringify({ jsonrpc: '2.0', id: message?.id ?? null, ...reply }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    methods: () => calls.map((call) => call.method),
    intercept(next: Interceptor | undefined) {
      interceptor = next;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type InterceptingRpcProxy = Awaited<ReturnType<typeof startInterceptingRpcProxy>>;

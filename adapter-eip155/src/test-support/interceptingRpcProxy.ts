import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What an interceptor answers for one call: a JSON-RPC result, a JSON-RPC error, or a raw body. */
export type InterceptedReply = { result: unknown } | { error: { code: number; message: string } } | { rawBody: string };

export type Interceptor = (method: string, params: unknown) => InterceptedReply | undefined | Promise<InterceptedReply | undefined>;

const METHOD_NOT_FOUND = { code: -32601, message: 'Method not found' };

/** A node without Otterscan: every `ots_*` method is not found, as geth and most hosted RPCs answer. */
export const withoutOtterscan: Interceptor = (method) => (method.startsWith('ots_') ? { error: METHOD_NOT_FOUND } : undefined);

/**
 * A JSON-RPC server on 127.0.0.1 in front of a real node: calls the interceptor answers (alone or in a batch) never
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
  /** Sends calls the interceptor left alone to the node as one batch; resolves its answers. */
  const forwardBatch = async (messages: readonly unknown[]) => {
    const response = await fetch(upstream, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(messages),
    });
    return (await response.json()) as unknown[];
  };
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', async () => {
      const body = Buffer.concat(chunks);
      let parsed: unknown;
      try {
        parsed = JSON.parse(body.toString('utf8'));
      } catch {
        calls.push({ method: '<unparseable>', params: undefined });
        return forward(body, outgoing);
      }
      const batch = Array.isArray(parsed);
      const messages = (batch ? parsed : [parsed]) as { id?: unknown; method?: string; params?: unknown }[];
      for (const call of messages) calls.push({ method: String(call?.method), params: call?.params });
      const replies = await Promise.all(messages.map((call) => (call?.method ? interceptor?.(call.method, call.params) : undefined)));
      if (replies.every((reply) => !reply)) return forward(body, outgoing);
      outgoing.writeHead(200, { 'content-type': 'application/json' });
      // A raw (malformed) body answers the whole HTTP request, as a broken node would.
      const raw = replies.find((reply) => reply && 'rawBody' in reply);
      if (raw && 'rawBody' in raw) return outgoing.end(raw.rawBody);
      const rest = messages.filter((_, i) => !replies[i]);
      const upstreamAnswers = rest.length > 0 ? ((await forwardBatch(rest)) as { id?: unknown }[]) : [];
      const answers = messages.map((call, i) => {
        const reply = replies[i];
        return reply ? { jsonrpc: '2.0', id: call?.id ?? null, ...reply } : upstreamAnswers.find((answer) => answer.id === call.id);
      });
      outgoing.end(JSON.stringify(batch ? answers : answers[0]));
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

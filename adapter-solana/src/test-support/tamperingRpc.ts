import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

type JsonRpcReply = { jsonrpc: '2.0'; id: unknown; result?: unknown; error?: { code: number; message: string } };

/** Rewrites the real node's reply to one call: return a new reply, or undefined to pass it through. */
export type Tamper = (reply: JsonRpcReply, params: unknown[]) => JsonRpcReply | undefined;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A loopback JSON-RPC pass-through in front of the real local Solana RPC that can rewrite or delay the replies
 * to chosen methods: how a test meets a malformed or slow node. It records every method it forwards.
 */
export async function startTamperingRpc(upstream: string) {
  const tampers = new Map<string, Tamper>();
  const delays = new Map<string, number>();
  const methods: string[] = [];
  const server = createServer((incoming, outgoing) => {
    void (async () => {
      const body = await readBody(incoming);
      const { method, params } = JSON.parse(body) as { method: string; params?: unknown[] };
      methods.push(method);
      const delay = delays.get(method);
      if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
      const reply = await fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      // Replies are rewritten as parsed JSON: u64 values above 2^53 do not occur in these tests.
      const parsed = (await reply.json()) as JsonRpcReply;
      const answer = tampers.get(method)?.(parsed, params ?? []) ?? parsed;
      if (!outgoing.destroyed) outgoing.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    })().catch(() => {
      if (!outgoing.headersSent) outgoing.writeHead(502).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    methods,
    tamper(method: string, tamper: Tamper) {
      tampers.set(method, tamper);
    },
    delay(method: string, ms: number) {
      delays.set(method, ms);
    },
    reset() {
      tampers.clear();
      delays.clear();
      methods.length = 0;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
export type TamperingRpc = Awaited<ReturnType<typeof startTamperingRpc>>;

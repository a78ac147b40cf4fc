import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An Esplora API in front of the real one whose UTXO lists lag: it answers `/address/:a/utxo` with what it saw
 * when `freeze()` was called, as an indexer that has not caught up does. Everything else, broadcasts included, goes
 * to the real node, so a wallet misled by it is refused by the node itself.
 */
export async function startLaggingEsplora(upstream: string) {
  const frozen = new Map<string, string>();
  const server = createServer(async (request, response) => {
    const path = request.url ?? '/';
    const held = frozen.get(path);
    if (held !== undefined) return void response.writeHead(200, { 'content-type': 'application/json' }).end(held);
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const init: RequestInit = { method: request.method ?? 'GET' };
    if (init.method === 'POST') init.body = Buffer.concat(chunks).toString('utf8');
    const answer = await fetch(`${upstream}${path}`, init);
    response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' }).end(await answer.text());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** From now on, answers the UTXO list of `address` as it is now. */
    async freeze(address: string) {
      const path = `/address/${address}/utxo`;
      frozen.set(path, await (await fetch(`${upstream}${path}`)).text());
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// A runnable sign-in server: `npm run build -w @latch/siwx`, then
//   DOMAIN=127.0.0.1:8787 RPC_URL=http://127.0.0.1:8545 CHAIN=eip155:31337 node siwx/example/server.mjs
// It answers /siwx/nonce, /siwx/verify, /siwx/sessions and /siwx/sign-out. Serve your page from the same origin (or proxy /siwx to it) so the cookie is sent.
import { createServer } from 'node:http';
import { createSiwxHttpHandler, createSiwxServer } from '@latch/siwx/server';

const port = Number(process.env.PORT ?? 8787);
const domain = process.env.DOMAIN ?? `127.0.0.1:${port}`;
const rpcUrls = process.env.RPC_URL ? { [process.env.CHAIN ?? 'eip155:1']: process.env.RPC_URL } : {};

const handleSiwx = createSiwxHttpHandler(createSiwxServer({ domains: [domain], rpcUrls }));

const server = createServer(async (request, response) => {
  if (await handleSiwx(request, response)) return;
  response.statusCode = 404;
  response.end('Not found: the sign-in routes are under /siwx\n');
});
server.listen(port, '127.0.0.1', () => console.log(`[siwx] signing in ${domain} on http://127.0.0.1:${port}/siwx`));
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
}

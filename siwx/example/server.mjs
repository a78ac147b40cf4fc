// A runnable sign-in server: `npm run build -w @latch/siwx`, then
//   DOMAIN=127.0.0.1:8787 RPC_URL=http://127.0.0.1:8545 CHAIN=eip155:31337 node siwx/example/server.mjs
// It answers /siwx/nonce, /siwx/verify, /siwx/sessions and /siwx/sign-out. Serve your page from the same origin (or
// proxy /siwx to it) so the cookie is sent. Several instances behind a load balancer: give each the same
// DATABASE_URL (Postgres; nonces, sessions and the nonce limit live there) and TRUST_PROXY (the number of proxies).
import { createServer } from 'node:http';
import {
  createKyselyNonceStore,
  createKyselyRateLimitStore,
  createKyselySessionStore,
  createSiwxHttpHandler,
  createSiwxServer,
  migrateSiwxDatabase,
} from '@latch/siwx/server';

const env = process.env;
const rpcUrls = env.RPC_URL ? { [env.CHAIN ?? 'eip155:1']: env.RPC_URL } : {};

/** Postgres through Kysely when DATABASE_URL is set (migrated once, whichever instance starts first); else this process's memory. */
async function openStores() {
  if (!env.DATABASE_URL) return { stores: {}, close: async () => undefined };
  const [{ Kysely, PostgresDialect }, { default: pg }] = await Promise.all([import('kysely'), import('pg')]);
  const db = new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: env.DATABASE_URL, max: 10 }) }) });
  await migrateSiwxDatabase(db);
  const stores = {
    nonceStore: createKyselyNonceStore(db),
    sessionStore: createKyselySessionStore(db),
    rateLimitStore: createKyselyRateLimitStore(db),
  };
  return { stores, close: () => db.destroy() };
}

const { stores, close } = await openStores();
let handleSiwx;
const server = createServer(async (request, response) => {
  if (handleSiwx && (await handleSiwx(request, response))) return;
  response.statusCode = 404;
  response.end('Not found: the sign-in routes are under /siwx\n');
});
server.listen(Number(env.PORT ?? 8787), '127.0.0.1', () => {
  const port = server.address().port;
  const domain = env.DOMAIN ?? `127.0.0.1:${port}`;
  const siwx = createSiwxServer({ domains: [domain], rpcUrls, nonceStore: stores.nonceStore });
  handleSiwx = createSiwxHttpHandler(siwx, {
    sessionStore: stores.sessionStore,
    rateLimitStore: stores.rateLimitStore,
    trustProxy: Number(env.TRUST_PROXY ?? 0),
    // Plain http on a host other than localhost (browsers keep Secure cookies of http://localhost only).
    secureCookie: env.INSECURE_COOKIE !== '1',
    ...(env.NONCE_LIMIT ? { nonceLimit: { max: Number(env.NONCE_LIMIT), windowMs: 60_000 } } : {}),
  });
  console.log(`[siwx] signing in ${domain} on http://127.0.0.1:${port}/siwx`);
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.closeAllConnections();
    server.close(() => void close().then(() => process.exit(0)));
  });
}

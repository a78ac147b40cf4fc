// A runnable sign-in server: `npm run build -w @latch/siwx`, then
//   DOMAIN=127.0.0.1:8787 RPC_URL=http://127.0.0.1:8545 CHAIN=eip155:31337 node siwx/example/server.mjs
// It answers /siwx/nonce, /siwx/verify, /siwx/sessions and /siwx/sign-out. Serve your page from the same origin (or
// proxy /siwx to it) so the cookie is sent. Several instances behind a load balancer: give each the same
// DATABASE_URL (Postgres; nonces, sessions and the nonce limit live there) and TRUST_PROXY (the number of proxies).
// One instance may keep them in PGlite instead (PGLITE_DIR: a folder, or `memory`); with neither, in this process's memory.
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

/** A pg-Pool-shaped front on PGlite for Kysely's PostgresDialect: one in-process connection, its queries take turns. */
async function pglitePool(dir) {
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = new PGlite(dir === 'memory' ? undefined : dir);
  await pglite.waitReady;
  const connection = {
    async query(text, values) {
      const { rows, affectedRows } = await pglite.query(text, values);
      return { rows, rowCount: affectedRows ?? rows.length, command: /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() };
    },
    release: () => undefined,
  };
  return { connect: async () => connection, end: () => pglite.close() };
}

/**
 * Postgres through Kysely when DATABASE_URL is set (migrated once, whichever instance starts first), PGlite when
 * PGLITE_DIR is (one instance), else this process's memory.
 */
async function openStores() {
  if (!env.DATABASE_URL && !env.PGLITE_DIR) return { stores: {}, close: async () => undefined };
  const { Kysely, PostgresDialect } = await import('kysely');
  const pool = env.DATABASE_URL
    ? new (await import('pg')).default.Pool({ connectionString: env.DATABASE_URL, max: 10 })
    : await pglitePool(env.PGLITE_DIR);
  const db = new Kysely({ dialect: new PostgresDialect({ pool }) });
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
    ...(env.NONCE_LIMIT ? { nonceLimit: { max: Number(env.NONCE_LIMIT), windowMs: Number(env.NONCE_WINDOW_MS ?? 60_000) } } : {}),
  });
  console.log(`[siwx] signing in ${domain} on http://127.0.0.1:${port}/siwx`);
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.closeAllConnections();
    server.close(() => void close().then(() => process.exit(0)));
  });
}

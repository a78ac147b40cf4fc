// SIWX sign-in verifies: POST /siwx/verify with an EIP-4361 message a real key signed (viem), each on its own nonce,
// against siwx/example/server.mjs (the built @latch/siwx/server) with its nonces, sessions and limits in PGlite or
// Postgres. A verify parses the text, takes the nonce (one DELETE … RETURNING), recovers the secp256k1 signer
// and writes the visitor's session row.
import { join } from 'node:path';
import { REPO_ROOT } from '../lib/paths.mjs';
import { loadSource } from './lib.mjs';

const SERVER = join(REPO_ROOT, 'siwx/example/server.mjs');
const SITE = { domain: 'app.bench.test', uri: 'https://app.bench.test/' };
/** Verifies in the measured run, and in the warm-up before it: each spends a nonce, so each is signed beforehand. */
const MEASURED = Number(process.env.BENCH_SIWX_VERIFIES ?? 3000);
const WARM_UP = 300;
const CONNECTIONS = 16;

export const siwx = {
  name: 'SIWX: sign-in verifies',
  unit: 'verifies',
  requestsPerUnit: 1,
  async start({ testkit, services, database, ports }) {
    const { signedMessage, visitor } = await loadSource('siwx/src/test-support/siwxHttp.ts');
    const { privateKeyToAccount } = await import('viem/accounts');
    const instances = await Promise.all(
      ports.map((port) =>
        services.startServiceProcess({
          args: [SERVER],
          env: {
            PORT: String(port),
            DOMAIN: SITE.domain,
            ...(database ? { DATABASE_URL: database } : { PGLITE_DIR: 'memory' }),
            // The bench asks every nonce from one address; the limit is measured by the tests, not here.
            NONCE_LIMIT: String(10 * (MEASURED + WARM_UP)),
          },
          ready: /on (http:\/\/127\.0\.0\.1:\d+)\/siwx/,
        }),
      ),
    );
    const urls = ports.map((port) => `http://127.0.0.1:${port}`);
    // Anvil's keys in turn; nonces from every instance in turn (they share them through the database, or there is one).
    const accounts = testkit.anvilAccounts().map((account) => privateKeyToAccount(account.privateKey));
    const bodies = [];
    for (let start = 0; start < MEASURED + WARM_UP; start += CONNECTIONS) {
      const batch = await Promise.all(
        Array.from({ length: CONNECTIONS }, async (_, offset) => {
          const index = start + offset;
          const nonce = await visitor(urls[index % urls.length]).nonce();
          return JSON.stringify(await signedMessage(accounts[index % accounts.length], nonce, SITE));
        }),
      );
      bodies.push(...batch);
    }
    console.log(`[bench:services]   ${bodies.length} messages signed on fresh nonces`);
    const request = {
      method: 'POST',
      path: '/siwx/verify',
      headers: { 'content-type': 'application/json' },
      // Each request takes the next unspent message.
      setupRequest: (req) => ({ ...req, body: bodies.pop() }),
    };
    return {
      urls,
      processes: instances.map((instance, index) => ({ name: `instance ${index + 1}`, pid: instance.pid })),
      warmUp: { amount: WARM_UP },
      options: { connections: CONNECTIONS, amount: MEASURED, requests: [request] },
      async stop() {
        await Promise.all(instances.map((instance) => instance.stop()));
      },
    };
  },
};

// Wallet-service session restores: what the frame asks when a page reloads with a session (PROTOCOL.md: the wallet
// record, then the auth share), each request a bearer session checked against its project and host page.
import { join } from 'node:path';
import { REPO_ROOT } from '../lib/paths.mjs';
import { loadSource } from './lib.mjs';

const CLI = join(REPO_ROOT, 'service-embedded-wallet/dist/cli.js');
const HOST = 'http://host.bench:5173';
const USERS = 16;

export const embedded = {
  name: 'wallet service: session restores',
  unit: 'restores',
  /** One restore is two requests: GET /api/wallet, GET /api/wallet/auth-share. */
  requestsPerUnit: 2,
  async start({ devnet, services, database, ports }) {
    const inbox = await devnet.startSmtpInbox();
    const { provenWallet } = await loadSource('service-embedded-wallet/src/test-support/provenWallet.ts');
    const instances = await Promise.all(
      ports.map((port) =>
        services.startServiceProcess({
          args: [
            CLI,
            ...['--project', `bench=${HOST}`, '--smtp', `smtp://${inbox.host}:${inbox.port}`, '--from', 'bench@service.test'],
            ...['--port', String(port), '--public-url', `http://127.0.0.1:${ports[0]}`, '--trust-proxy'],
            ...(database ? ['--database', database] : []),
          ],
          env: { LATCH_EMBEDDED_SECRET: 'bench-secret-of-at-least-32-characters!!' },
          ready: /latch embedded wallet service on /,
        }),
      ),
    );
    const urls = ports.map((port) => `http://127.0.0.1:${port}`);
    const origin = urls[0];
    const call = async (path, { body, token, method, ip } = {}) => {
      const headers = { 'X-Latch-Project': 'bench', 'X-Latch-Host-Origin': HOST, 'X-Forwarded-For': ip ?? '192.0.2.1' };
      if (body) Object.assign(headers, { 'Content-Type': 'application/json', Origin: origin });
      if (token) headers.Authorization = `Bearer ${token}`;
      const response = await fetch(`${origin}${path}`, { method: method ?? (body ? 'POST' : 'GET'), headers, body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
      return response;
    };
    // One signed-in visitor with a wallet per connection (each from its own client IP: 20 codes an hour per IP).
    const tokens = [];
    for (let index = 0; index < USERS; index++) {
      const email = `bench${index}-${Date.now()}@example.test`;
      const ip = `198.51.100.${index + 1}`;
      const after = inbox.messages.length;
      await call('/api/auth/email-otp/send-verification-otp', { body: { email, type: 'sign-in' }, ip });
      const code = /\b(\d{6})\b/.exec((await inbox.waitFor({ to: email }, { after, timeoutMs: 60_000 })).text)?.[1];
      const signedIn = await call('/api/auth/sign-in/email-otp', { body: { email, otp: code }, ip });
      const token = signedIn.headers.get('set-auth-token');
      const { user } = await signedIn.json();
      await call('/api/wallet', { method: 'PUT', token, body: await provenWallet(user.id, 'bench') });
      tokens.push(token);
    }
    let next = 0;
    return {
      urls,
      processes: instances.map((instance, index) => ({ name: `instance ${index + 1}`, pid: instance.pid })),
      options: {
        connections: USERS,
        // Each connection is one visitor: its own requests (autocannon shares one request list among connections).
        setupClient(client) {
          const headers = {
            'X-Latch-Project': 'bench',
            'X-Latch-Host-Origin': HOST,
            Authorization: `Bearer ${tokens[next++ % tokens.length]}`,
          };
          client.setRequests([
            { method: 'GET', path: '/api/wallet', headers },
            { method: 'GET', path: '/api/wallet/auth-share', headers },
          ]);
        },
      },
      async stop() {
        await Promise.all(instances.map((instance) => instance.stop()));
        await inbox.close();
      },
    };
  },
};

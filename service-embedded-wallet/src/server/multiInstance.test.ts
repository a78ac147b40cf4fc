// @vitest-environment node
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { type BareAnvilFixture, type SmtpInbox, startAnvil, startSmtpInbox } from '@latch/devnet';
import { createFarcasterSigner, deployFarcasterIdRegistry, type FarcasterRelay, startFarcasterRelay } from '@latch/devnet/farcaster';
import {
  freePort,
  type PostgresFixture,
  type RoundRobinProxy,
  type ServiceProcess,
  startRoundRobinProxy,
  startServiceProcess,
} from '@latch/devnet/services';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedPostgres } from '../../../scripts/test-support/sharedPostgres.js';

// Two instances of the service as an operator runs them: the built CLI, each its own process, on one real Postgres,
// behind a round-robin load balancer that appends X-Forwarded-For (so each runs with --trust-proxy). Nothing but the
// database is shared: whatever one instance starts, the other finishes.
const cli = new URL('../../dist/cli.js', import.meta.url).pathname;
const HOST = 'http://host.test:5173';
const SECRET = 'multi-instance-secret-of-32-characters!';
const RELAY_KEY = 'the-farcaster-app-key';
const FID = 1001;

let postgres: PostgresFixture;
let inbox: SmtpInbox;
let anvil: BareAnvilFixture;
let relay: FarcasterRelay;
let balancer: RoundRobinProxy;
let database: string;
const instances: ServiceProcess[] = [];
let custodyKey: `0x${string}`;
const farcasterApp = () =>
  createFarcasterSigner({ relayUrl: relay.url, fid: FID, username: 'alice', custodyPrivateKey: custodyKey, authKey: RELAY_KEY });
const targets: string[] = [];
const runId = randomBytes(4).toString('hex');
let counter = 0;
const freshEmail = () => `multi${++counter}-${runId}@example.test`;

beforeAll(async () => {
  expect(existsSync(cli), `${cli} is missing: build the package first (npm test does)`).toBe(true);
  [postgres, inbox, anvil] = await Promise.all([sharedPostgres(), startSmtpInbox(), startAnvil({ deploy: false })]);
  const account = anvil.accounts[1];
  if (!account) throw new Error('no anvil account');
  custodyKey = account.privateKey;
  await deployFarcasterIdRegistry(anvil, { [FID]: account.address });
  relay = await startFarcasterRelay({ authKey: RELAY_KEY, rpcUrl: anvil.rpcUrl });
  database = await postgres.createDatabase();
  const ports = [await freePort(), await freePort()];
  targets.push(...ports.map((port) => `http://127.0.0.1:${port}`));
  balancer = await startRoundRobinProxy(targets);
  // Started together on a fresh database: the two race for the migrations.
  instances.push(
    ...(await Promise.all(
      ports.map((port) =>
        startServiceProcess({
          args: [
            cli,
            ...['--project', `demo=${HOST}`, '--smtp', `smtp://${inbox.host}:${inbox.port}`, '--from', 'Wallet <wallet@service.test>'],
            ...['--database', database, '--port', String(port), '--public-url', balancer.url, '--trust-proxy'],
            ...['--farcaster-relay', relay.url, '--farcaster-rpc', anvil.rpcUrl],
          ],
          env: { LATCH_EMBEDDED_SECRET: SECRET },
          ready: /latch embedded wallet service on /,
        }),
      ),
    )),
  );
}, 300_000);
afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop()));
  await Promise.all([balancer?.close(), relay?.close(), anvil?.stop(), inbox?.close()]);
  await postgres?.stop();
});

/** A request as the frame makes it, through the load balancer (or straight to one instance with `base`). */
async function api(
  path: string,
  call: { body?: unknown; token?: string; base?: string; method?: string; headers?: Record<string, string> } = {},
) {
  const method = call.method ?? (call.body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { 'X-Latch-Project': 'demo', 'X-Latch-Host-Origin': HOST, ...call.headers };
  if (method !== 'GET') headers.Origin = balancer.url;
  if (call.token) headers.Authorization = `Bearer ${call.token}`;
  if (call.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${call.base ?? balancer.url}${path}`, {
    method,
    headers,
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
  });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: answers of several shapes; each test asserts the one it expects
  const json: any = text ? JSON.parse(text) : undefined;
  return { status: response.status, headers: response.headers, json, text };
}

const sendCode = (email: string, base?: string, headers?: Record<string, string>) =>
  api('/api/auth/email-otp/send-verification-otp', { body: { email, type: 'sign-in' }, base, headers });

async function codeSent(email: string, base?: string) {
  const after = inbox.messages.length;
  const sent = await sendCode(email, base);
  expect(sent.status, sent.text).toBe(200);
  const mail = await inbox.waitFor({ to: email }, { after, timeoutMs: 30_000 });
  return /\b(\d{6})\b/.exec(mail.text)?.[1] as string;
}

/** The frame's half of a Farcaster request: a verifier it keeps, the challenge it sends. */
async function openFarcaster(base?: string) {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const opened = await api('/api/farcaster/channels', { body: { challenge }, base });
  expect(opened.status, opened.text).toBe(201);
  return { ...(opened.json as { channelId: string; url: string }), verifier };
}
const claimFarcaster = (channel: { channelId: string; verifier: string }, base?: string) =>
  api(`/api/farcaster/channels/${channel.channelId}/claim`, { body: { verifier: channel.verifier }, base });

describe('the embedded wallet service as two instances on one Postgres', () => {
  it('ran its migrations once although both instances started together', async () => {
    for (const target of targets) expect((await api('/api/projects/demo', { base: target })).status).toBe(200);
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: database });
    await client.connect();
    try {
      const { rows } = await client.query('SELECT name, count(*)::int AS runs FROM latch_embedded_migrations GROUP BY name ORDER BY name');
      expect(rows.map((row) => row.name)).toEqual(['001_wallet', '002_social_intent', '003_project_scopes', '004_shared_state']);
      expect(rows.every((row) => row.runs === 1)).toBe(true);
    } finally {
      await client.end();
    }
  });

  it('verifies on one instance a code the other sent, and both know the session', async () => {
    const email = freshEmail();
    const code = await codeSent(email, targets[0]);
    const signedIn = await api('/api/auth/sign-in/email-otp', { body: { email, otp: code }, base: targets[1] });
    expect(signedIn.status, signedIn.text).toBe(200);
    const token = signedIn.headers.get('set-auth-token') as string;
    for (const target of targets) {
      const session = await api('/api/auth/get-session', { token, base: target });
      expect(session.json?.user?.email).toBe(email);
    }
  });

  it('counts rate limits across instances: the second code within 30 s is refused by the other instance', async () => {
    const email = freshEmail();
    expect((await sendCode(email, targets[0])).status).toBe(200);
    const again = await sendCode(email, targets[1]);
    expect(again.status).toBe(429);
    expect(again.json.error.code).toBe('rate_limited');
    // 20 codes an hour per client IP, whichever instance answers: a client the balancer saw as 198.51.100.7.
    const fromClient = { 'X-Forwarded-For': '198.51.100.7' };
    const answers: number[] = [];
    for (let i = 0; i < 21; i++) answers.push((await sendCode(freshEmail(), targets[i % 2], fromClient)).status);
    expect(answers.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(answers[20]).toBe(429);
  });

  it('claims on one instance a Farcaster sign-in the other opened, once', async () => {
    const channel = await openFarcaster(targets[0]);
    expect((await claimFarcaster(channel, targets[1])).json).toEqual({ status: 'pending' });
    await farcasterApp().approve(channel.url);
    const claimed = await claimFarcaster(channel, targets[1]);
    expect(claimed.status, claimed.text).toBe(200);
    expect(claimed.json.social).toEqual({ provider: 'farcaster', username: 'alice' });
    expect((await claimFarcaster(channel, targets[0])).json.error.code).toBe('already_claimed');
  });

  it('finishes sign-ins on the other instance when the one they started on is killed', async () => {
    const email = freshEmail();
    const code = await codeSent(email, targets[0]);
    const channel = await openFarcaster(targets[0]);
    const [first] = instances;
    await first?.kill('SIGKILL');
    // Through the balancer: it skips the dead instance.
    const signedIn = await api('/api/auth/sign-in/email-otp', { body: { email, otp: code } });
    expect(signedIn.status, signedIn.text).toBe(200);
    const token = signedIn.headers.get('set-auth-token') as string;
    expect((await api('/api/auth/get-session', { token })).json.user.email).toBe(email);
    await farcasterApp().approve(channel.url);
    const claimed = await claimFarcaster(channel);
    expect(claimed.status, claimed.text).toBe(200);
    expect((await api('/api/auth/get-session', { token: claimed.json.token })).json.user.name).toBe('alice');
  });
});

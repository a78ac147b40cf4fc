import { randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';
import tls from 'node:tls';
import { address, generateKeyPairSigner, getBase64Decoder } from '@solana/kit';
import { type Hex, toHex, verifyMessage } from 'viem';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type BareAnvilFixture, startAnvil } from '../anvil.js';
import { LOCAL_SOLANA_CAIP_NETWORK_ID } from '@latch/testkit';
import { type SolanaRpcFixture, startSolanaRpc } from '../solana/rpcServer.js';
import { createLocalRpc, unsignedSolTransfer } from '../solana/solanaTransfers.testSupport.js';
import { MemoryKeyValueStorage } from '@latch/testkit/walletconnect';
import { startWalletConnectRelay, type WalletConnectRelay } from './relay.js';
import { startWalletConnectWallet } from '@latch/testkit/walletconnect';
import type { WalletConnectWallet } from '@latch/testkit/walletconnect';

/** Every outbound connection or request made in this file's process, as `host:port` (or a URL for fetch). */
const outbound: string[] = [];
const restore: (() => void)[] = [];

/** Where a test may connect: set once the local services run; anything else is recorded and refused, never sent. */
let allowedPorts: Set<number> | 'any loopback port' = 'any loopback port';

function isAllowed(entry: string): boolean {
  const match = /^(?:fetch |tls )?(?:https?:\/\/|wss?:\/\/)?(127\.0\.0\.1|localhost):(\d+)(?:\/|$)/.exec(entry);
  return match !== null && (allowedPorts === 'any loopback port' || allowedPorts.has(Number(match[2])));
}

function wrap<T extends object, K extends keyof T>(target: T, key: K, describe: (args: unknown[]) => string): void {
  const original = target[key] as (...args: unknown[]) => unknown;
  target[key] = function (this: unknown, ...args: unknown[]) {
    const entry = describe(args);
    outbound.push(entry);
    if (!isAllowed(entry)) {
      const refused = new Error(`outbound request refused by the test: ${entry}`);
      if (key === 'fetch') return Promise.reject(refused);
      throw refused;
    }
    return original.apply(this, args);
  } as T[K];
  restore.push(() => {
    target[key] = original as T[K];
  });
}

function describeRequest(args: unknown[]): string {
  const [first, second] = args;
  if (typeof first === 'string' || first instanceof URL) return new URL(String(first)).host;
  const options = (typeof first === 'object' && first !== null ? first : second) as
    | { host?: string; hostname?: string; port?: number | string }
    | undefined;
  return `${options?.hostname ?? options?.host ?? 'localhost'}:${options?.port ?? ''}`;
}

function describeConnect(args: unknown[]): string {
  const [first, second] = args;
  if (typeof first === 'object' && first !== null) {
    const options = first as { host?: string; port?: number; path?: string };
    return options.path ?? `${options.host ?? 'localhost'}:${options.port ?? ''}`;
  }
  return `${typeof second === 'string' ? second : 'localhost'}:${String(first)}`;
}

let relay: WalletConnectRelay;
let anvil: BareAnvilFixture;
let solana: SolanaRpcFixture;
let wallet: WalletConnectWallet | undefined;

beforeAll(async () => {
  // Installed before the WalletConnect SDKs load (they are imported dynamically by the wallet and below).
  delete process.env.IS_VITEST;
  wrap(globalThis, 'fetch', ([input]) => `fetch ${input instanceof Request ? input.url : String(input)}`);
  for (const module of [http, https]) {
    wrap(module, 'request', describeRequest);
    wrap(module, 'get', describeRequest);
  }
  wrap(net, 'connect', describeConnect);
  wrap(net, 'createConnection', describeConnect);
  wrap(tls, 'connect', (args) => `tls ${describeConnect(args)}`);
  syncBuiltinESMExports();
  // The fixtures pick free ports and probe them; from then on only those three ports are allowed.
  const [startedRelay, startedAnvil, startedSolana] = await Promise.all([
    startWalletConnectRelay(),
    startAnvil({ deploy: false }),
    startSolanaRpc(),
  ]);
  [relay, anvil, solana] = [startedRelay, startedAnvil, startedSolana];
  allowedPorts = new Set([relay.port, anvil.port, Number(new URL(solana.rpcUrl).port)]);
});

afterAll(async () => {
  await wallet?.close();
  await Promise.all([relay?.stop(), anvil?.stop(), solana?.stop()]);
  for (const undo of restore.splice(0).reverse()) undo();
  syncBuiltinESMExports();
});

test('the wallet and a UniversalProvider dapp contact only the relay, anvil and the Solana RPC on 127.0.0.1', async () => {
  outbound.length = 0;
  wallet = await startWalletConnectWallet({
    relayUrl: relay.url,
    evm: { privateKey: anvil.accounts[2]?.privateKey as Hex, rpcUrls: { 31337: anvil.rpcUrl } },
    solana: { secretKey: randomBytes(32).toString('hex'), rpcUrl: solana.rpcUrl },
  });
  // The wallet switched the SDKs' analytics and Verify calls off before loading them.
  expect(process.env.IS_VITEST).toBe('true');

  const { UniversalProvider } = await import('@walletconnect/universal-provider');
  const provider = await UniversalProvider.init({
    projectId: 'latch-local',
    relayUrl: relay.url,
    customStoragePrefix: `latch-privacy-dapp-${Date.now()}`,
    storage: new MemoryKeyValueStorage(),
    telemetryEnabled: false,
    logger: 'silent',
    metadata: { name: 'Latch privacy test', description: 'dapp', url: 'http://127.0.0.1', icons: [] },
  });
  const testWallet = wallet;
  provider.on('display_uri', (uri: string) => void testWallet.pair(uri));
  const session = await provider.connect({
    optionalNamespaces: {
      eip155: {
        chains: ['eip155:31337'],
        methods: ['personal_sign', 'eth_sendTransaction'],
        events: ['chainChanged', 'accountsChanged'],
        rpcMap: { 31337: anvil.rpcUrl },
      },
      solana: {
        chains: [LOCAL_SOLANA_CAIP_NETWORK_ID],
        methods: ['solana_signAndSendTransaction'],
        events: [],
        rpcMap: { [LOCAL_SOLANA_CAIP_NETWORK_ID]: solana.rpcUrl },
      },
    },
  });
  expect(session?.namespaces.eip155?.accounts).toEqual([`eip155:31337:${wallet.evmAddress}`]);

  const signature = (await provider.request(
    { method: 'personal_sign', params: [toHex('private'), wallet.evmAddress] },
    'eip155:31337',
  )) as Hex;
  expect(await verifyMessage({ address: wallet.evmAddress, message: 'private', signature })).toBe(true);
  // A read the session does not cover goes to the rpcMap entry (anvil), not to a hosted RPC.
  expect(await provider.request({ method: 'eth_blockNumber', params: [] }, 'eip155:31337')).toMatch(/^0x[0-9a-f]+$/);

  solana.airdrop(wallet.solanaAddress as string, 1_000_000_000n);
  const rpc = createLocalRpc(solana.rpcUrl);
  const unsigned = await unsignedSolTransfer(
    rpc,
    address(wallet.solanaAddress as string),
    (await generateKeyPairSigner()).address,
    10_000_000n,
  );
  const sent = (await provider.request(
    { method: 'solana_signAndSendTransaction', params: { transaction: getBase64Decoder().decode(unsigned) } },
    LOCAL_SOLANA_CAIP_NETWORK_ID,
  )) as { signature: string };
  expect(typeof sent.signature).toBe('string');
  await provider.disconnect();
  provider.client.core.heartbeat.stop();
  await provider.client.core.relayer.transportClose();

  expect(outbound.filter((entry) => !isAllowed(entry))).toEqual([]);
  // All three local services were really used.
  for (const port of [relay.port, anvil.port, Number(new URL(solana.rpcUrl).port)])
    expect(outbound.some((entry) => entry.includes(`127.0.0.1:${port}`))).toBe(true);
});

test('control: the same interception sees and refuses the SDK analytics call that IS_VITEST suppresses', async () => {
  outbound.length = 0;
  delete process.env.IS_VITEST;
  const [{ Core }, { WalletKit }] = await Promise.all([import('@walletconnect/core'), import('@reown/walletkit')]);
  const core = new Core({
    projectId: 'latch-local',
    relayUrl: relay.url,
    customStoragePrefix: `latch-privacy-control-${Date.now()}`,
    storage: new MemoryKeyValueStorage(),
    telemetryEnabled: false,
    logger: 'silent',
  });
  try {
    await WalletKit.init({ core, metadata: { name: 'control', description: 'control', url: 'http://127.0.0.1', icons: [] } });
    await expect.poll(() => outbound.filter((entry) => !isAllowed(entry))).toEqual([expect.stringContaining('pulse.walletconnect.org')]);
  } finally {
    process.env.IS_VITEST = 'true';
    core.heartbeat.stop();
    await core.relayer.transportClose();
  }
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiPromise } from '@polkadot/api';
import { LOCAL_POLKADOT_CHAIN, writeLocalChainSpec } from './chainSpec.js';
import { spawnChopsticks } from './chopsticksProcess.js';

/** A client of a running chopsticks node: its chain's facts, funding and balances. */
export interface PolkadotChainClient {
  /** `ws://127.0.0.1:<port>`. */
  readonly rpcUrl: string;
  /** The chain's genesis hash (0x + 64 hex). */
  readonly genesisHash: string;
  /** `polkadot:<first 32 hex characters of the genesis hash>`. */
  readonly caipNetworkId: `polkadot:${string}`;
  readonly ss58Format: number;
  readonly decimals: number;
  readonly symbol: string;
  /** The least balance an account must keep to exist, in planck. */
  readonly existentialDeposit: bigint;
  /** Adds `amount` planck to the account's free balance (dev_setStorage; its nonce and other fields are kept). */
  fund(address: string, amount: bigint): Promise<void>;
  /** The account's free balance in planck. */
  balanceOf(address: string): Promise<bigint>;
  /** The fixture's own @polkadot/api client on the node, for reads a test needs beyond balances. */
  readonly api: ApiPromise;
  /** Disconnects this client (a node it did not start keeps running); idempotent. */
  stop(): Promise<void>;
}

/** A chopsticks node of the caller's own, with a client on it. */
export interface PolkadotChain extends PolkadotChainClient {
  /** The node's temporary folder (chain spec and database), removed by `stop`. */
  readonly directory: string;
  /** Stops the client, the node and its children, and removes the node's temporary folder; idempotent. */
  stop(): Promise<void>;
}

/** A chopsticks node without a client, for a process that only hands its address to others. */
export interface PolkadotNode {
  /** `ws://127.0.0.1:<port>`. */
  readonly rpcUrl: string;
  /** The node's temporary folder (chain spec and database), removed by `stop`. */
  readonly directory: string;
  /** Stops the node and its children and removes its temporary folder; idempotent. */
  stop(): Promise<void>;
}

type AccountJson = { nonce?: number; consumers?: number; providers?: number; sufficients?: number; data?: Record<string, unknown> };

async function freeOf(api: ApiPromise, address: string): Promise<{ json: AccountJson; free: bigint }> {
  const info = (await api.query.system!.account!(address)) as unknown as { toJSON(): AccountJson; data: { free: { toBigInt(): bigint } } };
  return { json: info.toJSON(), free: info.data.free.toBigInt() };
}

/**
 * A real Substrate runtime on 127.0.0.1: chopsticks (1.1.0, the last release for Node 20) running Rococo Asset Hub from
 * a local chain spec, offline, one block per extrinsic. One start takes about 6 s and 7 CPU seconds on a 2-core machine
 * (genesis from the 1.2 MB spec, block #1, then the client's metadata read), ~300 MB: test files share one where they
 * can. No client: `startPolkadotChain` is a node with one, `connectPolkadotChain` a client on a node already running.
 */
export async function startPolkadotNode(): Promise<PolkadotNode> {
  const directory = mkdtempSync(join(tmpdir(), 'latch-chopsticks-'));
  try {
    const node = await spawnChopsticks(await writeLocalChainSpec(directory), directory);
    let stopping: Promise<void> | undefined;
    const stop = () => (stopping ??= node.stop().finally(() => rmSync(directory, { recursive: true, force: true })));
    return { rpcUrl: node.rpcUrl, directory, stop };
  } catch (error) {
    rmSync(directory, { recursive: true, force: true });
    throw error;
  }
}

/**
 * A client on a running chopsticks node (`rpcUrl`). Several clients, in several processes, can share one node: each
 * funds accounts of its own. Its `stop` disconnects the client only.
 */
export async function connectPolkadotChain(rpcUrl: string): Promise<PolkadotChainClient> {
  const { ApiPromise, WsProvider } = await import('@polkadot/api');
  const client = await ApiPromise.create({ provider: new WsProvider(rpcUrl), noInitWarn: true, throwOnConnect: true });
  const genesisHash = client.genesisHash.toHex();
  let stopping: Promise<void> | undefined;
  return {
    rpcUrl,
    genesisHash,
    caipNetworkId: `polkadot:${genesisHash.slice(2, 34)}`,
    ss58Format: client.registry.chainSS58 ?? LOCAL_POLKADOT_CHAIN.ss58Format,
    decimals: client.registry.chainDecimals[0] ?? LOCAL_POLKADOT_CHAIN.decimals,
    symbol: client.registry.chainTokens[0] ?? LOCAL_POLKADOT_CHAIN.symbol,
    existentialDeposit: (client.consts.balances!.existentialDeposit as unknown as { toBigInt(): bigint }).toBigInt(),
    api: client,
    async fund(address, amount) {
      const { json, free } = await freeOf(client, address);
      const account = { ...json, providers: Math.max(1, json.providers ?? 0), data: { ...json.data, free: (free + amount).toString() } };
      await client.rpc('dev_setStorage', { System: { Account: [[[address], account]] } });
    },
    balanceOf: async (address) => (await freeOf(client, address)).free,
    stop: () => (stopping ??= client.disconnect().catch(() => undefined)),
  };
}

/** A chopsticks node of the caller's own (`startPolkadotNode`) with a client on it. Accounts start empty: `fund` them. */
export async function startPolkadotChain(): Promise<PolkadotChain> {
  const node = await startPolkadotNode();
  let client: PolkadotChainClient;
  try {
    client = await connectPolkadotChain(node.rpcUrl);
  } catch (error) {
    await node.stop();
    throw error;
  }
  let stopping: Promise<void> | undefined;
  return {
    ...client,
    directory: node.directory,
    stop: () => (stopping ??= client.stop().then(() => node.stop())),
  };
}

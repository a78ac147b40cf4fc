import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiPromise } from '@polkadot/api';
import { LOCAL_POLKADOT_CHAIN, writeLocalChainSpec } from './chainSpec.js';
import { spawnChopsticks, type ChopsticksProcess } from './chopsticksProcess.js';

export interface PolkadotChain {
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
 * A real Substrate runtime on 127.0.0.1: chopsticks (1.1.0, the last release for Node 20) running Rococo Asset Hub from a local chain spec, offline,
 * one block per extrinsic. ~2.5 s to start and ~300 MB: start one per test file. Accounts start empty: `fund` them.
 */
export async function startPolkadotChain(): Promise<PolkadotChain> {
  const directory = mkdtempSync(join(tmpdir(), 'latch-chopsticks-'));
  let node: ChopsticksProcess | undefined;
  let api: ApiPromise | undefined;
  const cleanUp = async () => {
    await api?.disconnect().catch(() => undefined);
    await node?.stop();
    rmSync(directory, { recursive: true, force: true });
  };
  try {
    node = await spawnChopsticks(await writeLocalChainSpec(directory), directory);
    const { ApiPromise, WsProvider } = await import('@polkadot/api');
    api = await ApiPromise.create({ provider: new WsProvider(node.rpcUrl), noInitWarn: true, throwOnConnect: true });
    const client = api;
    const genesisHash = client.genesisHash.toHex();
    let stopping: Promise<void> | undefined;
    return {
      rpcUrl: node.rpcUrl,
      directory,
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
      stop: () => (stopping ??= cleanUp()),
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

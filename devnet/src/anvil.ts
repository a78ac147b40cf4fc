import { spawnAnvilProcess } from './anvil/anvilProcess.js';
import { anvilAccounts, type AnvilAccount } from '@latch/testkit';
import { deployContracts, type AnvilContracts } from './anvil/deployContracts.js';

export type { AnvilAccount } from '@latch/testkit';
export type { AnvilContracts } from './anvil/deployContracts.js';

export interface AnvilOptions {
  /** Default 31337. */
  chainId?: number;
  /** Deploy Multicall3 (see `multicall3`), the demo ERC-20 and the demo ERC-721. Default true. */
  deploy?: boolean;
  /** A fixed port on 127.0.0.1; default 0, a free one. Fails if the port is taken. */
  port?: number;
  /** With `deploy`, also deploy Multicall3 at its canonical address. Default true; false plays a fresh devnet without it. */
  multicall3?: boolean;
}

/** A running anvil on 127.0.0.1 with its ten funded dev accounts. */
export interface BareAnvilFixture {
  readonly rpcUrl: string;
  readonly port: number;
  readonly chainId: number;
  readonly accounts: readonly AnvilAccount[];
  /** Ends the process and frees the port; safe to call twice. */
  stop(): Promise<void>;
}

export interface AnvilFixture extends BareAnvilFixture {
  readonly contracts: AnvilContracts;
}

export const DEFAULT_ANVIL_CHAIN_ID = 31337;

export function startAnvil(options: AnvilOptions & { deploy: false }): Promise<BareAnvilFixture>;
export function startAnvil(options?: AnvilOptions & { deploy?: true }): Promise<AnvilFixture>;
export function startAnvil(options: AnvilOptions): Promise<BareAnvilFixture & { readonly contracts?: AnvilContracts }>;
/** Starts anvil on a free port of 127.0.0.1 and, unless `deploy: false`, deploys the demo contracts. */
export async function startAnvil(options: AnvilOptions = {}): Promise<BareAnvilFixture & { readonly contracts?: AnvilContracts }> {
  const chainId = options.chainId ?? DEFAULT_ANVIL_CHAIN_ID;
  const accounts = anvilAccounts();
  const node = await spawnAnvilProcess(chainId, options.port ?? 0);
  const fixture: BareAnvilFixture = { rpcUrl: node.rpcUrl, port: node.port, chainId, accounts, stop: node.stop };
  if (options.deploy === false) return fixture;
  try {
    return { ...fixture, contracts: await deployContracts(node.rpcUrl, chainId, accounts, { multicall3: options.multicall3 !== false }) };
  } catch (error) {
    await node.stop();
    throw error;
  }
}

import { LatchError, readUntrustedProperty } from '@latch/kernel';
import type { ApiPromise } from '@polkadot/api';
import type { AccountFunds } from './transferPlan.js';

const bigintOf = (value: unknown): bigint | undefined => {
  const toBigInt = readUntrustedProperty(value, 'toBigInt');
  return typeof toBigInt === 'function' ? (toBigInt.call(value) as bigint) : undefined;
};

/**
 * `system.account(address).data`, checked: free, reserved, and what a lock holds (`frozen` on current runtimes,
 * `miscFrozen`/`feeFrozen` on older ones). A chain without the usual System pallet layout is refused clearly.
 */
export async function readFunds(api: ApiPromise, address: string): Promise<AccountFunds> {
  const account = api.query.system?.account;
  if (!account) throw new LatchError('This chain has no system.account storage', { category: 'RPC_ERROR' });
  const data = readUntrustedProperty(await account(address), 'data');
  const free = bigintOf(readUntrustedProperty(data, 'free'));
  if (free === undefined) throw new LatchError('The chain answered an account without a free balance', { category: 'RPC_ERROR' });
  const frozen = ['frozen', 'miscFrozen', 'feeFrozen']
    .map((field) => bigintOf(readUntrustedProperty(data, field)) ?? 0n)
    .reduce((most, value) => (value > most ? value : most), 0n);
  return { free, reserved: bigintOf(readUntrustedProperty(data, 'reserved')) ?? 0n, frozen };
}

/** `balances.existentialDeposit`: the least an account holds to exist. */
export function existentialDepositOf(api: ApiPromise): bigint {
  const deposit = bigintOf(api.consts.balances?.existentialDeposit);
  if (deposit === undefined) throw new LatchError('This chain has no balances.existentialDeposit', { category: 'RPC_ERROR' });
  return deposit;
}

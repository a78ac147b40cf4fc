import { toHex, type Address, type Hex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';

/** The mnemonic anvil (and hardhat) derive their ten funded dev accounts from. */
export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';
export const ANVIL_ACCOUNT_COUNT = 10;
/** Each dev account starts with 10,000 ETH. */
export const ANVIL_INITIAL_BALANCE = 10_000n * 10n ** 18n;

export interface AnvilAccount {
  /** Checksummed. */
  readonly address: Address;
  readonly privateKey: Hex;
}

let derived: readonly AnvilAccount[] | undefined;

/** anvil's ten default accounts (m/44'/60'/0'/0/i of ANVIL_MNEMONIC); derived once, ~0.2 s. */
export function anvilAccounts(): readonly AnvilAccount[] {
  derived ??= Object.freeze(
    Array.from({ length: ANVIL_ACCOUNT_COUNT }, (_, addressIndex) => {
      const account = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex });
      const privateKey = account.getHdKey().privateKey;
      if (!privateKey) throw new Error(`no private key derived for anvil account ${addressIndex}`);
      return Object.freeze({ address: account.address, privateKey: toHex(privateKey) });
    }),
  );
  return derived;
}

import { mnemonicToAccount, privateKeyToAddress } from 'viem/accounts';
import { toHex } from 'viem';
import { describe, expect, it } from 'vitest';
import { ANVIL_ACCOUNT_COUNT, ANVIL_MNEMONIC, anvilAccounts } from './defaultAccounts.js';

describe('anvilAccounts', () => {
  it("holds m/44'/60'/0'/0/i of anvil's mnemonic for i = 0..9, in that order", () => {
    const derived = Array.from({ length: ANVIL_ACCOUNT_COUNT }, (_, addressIndex) => {
      const account = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex });
      return { address: account.address, privateKey: toHex(account.getHdKey().privateKey!) };
    });
    expect(anvilAccounts()).toEqual(derived);
  });

  it('each address is the checksummed address of its key', () => {
    for (const { address, privateKey } of anvilAccounts()) expect(privateKeyToAddress(privateKey)).toBe(address);
  });

  it('is one frozen list: a caller cannot change what the next one gets', () => {
    const accounts = anvilAccounts();
    expect(anvilAccounts()).toBe(accounts);
    expect(Object.isFrozen(accounts)).toBe(true);
    expect(accounts.every((account) => Object.isFrozen(account))).toBe(true);
    expect(() => (accounts as unknown as { address: string }[]).push({ address: '0x0' })).toThrow(TypeError);
  });
});

import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, test } from 'vitest';
import { anvilAccounts } from '../anvil/defaultAccounts.js';
import { answerEvmRequest } from './walletEvm.js';

// The test wallet's eip155 answers that need no node: refusals come before any RPC call. The answers that do reach
// a node (and the relay) are tested against anvil in the devnet workspace.
describe("the WalletConnect test wallet's eip155 requests, answered directly", () => {
  test('methods the wallet does not offer get 5101, bad parameters -32602', async () => {
    const [own, other] = [anvilAccounts()[0], anvilAccounts()[4]];
    const context = {
      account: privateKeyToAccount(own?.privateKey as Hex),
      chainId: 31337,
      rpcUrlOf: (): string => {
        throw new Error('no request here reaches a node');
      },
      rejectSigning: false,
      switchChain: async () => {},
    };
    await expect(answerEvmRequest(context, 'eth_sign', [])).rejects.toMatchObject({ code: 5101 });
    await expect(answerEvmRequest(context, 'personal_sign', [42])).rejects.toMatchObject({ code: -32602 });
    await expect(answerEvmRequest(context, 'personal_sign', ['0x00', other?.address])).rejects.toMatchObject({ code: 5103 });
  });
});

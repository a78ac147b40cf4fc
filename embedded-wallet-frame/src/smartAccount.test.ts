import { SMART_ACCOUNT_ABI } from '@latch/connector-embedded/protocol';
import { encodeFunctionData, erc20Abi, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { addressesOf, deriveKeys, generateMasterSecret } from './keys.js';
import { prepareAnyRequest } from './signer.js';
import { smartAccountFactoryData } from './smartAccount.js';

/*
 * The host page builds UserOperations and asks the frame to sign them: the page is untrusted, so each of these is a
 * request a hostile page could send. Each is refused while the request is checked, before the approval page shows it.
 */
const keys = deriveKeys(generateMasterSecret());
const owner = addressesOf(keys).eip155 as Hex;
const other = addressesOf(deriveKeys(generateMasterSecret())).eip155 as Hex;
const SENDER = '0x1111111111111111111111111111111111111111';
const RECIPIENT = '0x2222222222222222222222222222222222222222';

function operation(overrides: Record<string, unknown> = {}) {
  return {
    sender: SENDER,
    nonce: '0x0',
    callData: encodeFunctionData({ abi: SMART_ACCOUNT_ABI, functionName: 'execute', args: [RECIPIENT, 1n, '0x'] }),
    callGasLimit: '0x10000',
    verificationGasLimit: '0x10000',
    preVerificationGas: '0x10000',
    maxFeePerGas: '0x1',
    maxPriorityFeePerGas: '0x1',
    ...overrides,
  };
}

const prepare = (op: unknown, as: Hex = owner) =>
  prepareAnyRequest(
    { namespace: 'eip155', chainId: 'eip155:31337', method: 'latch_signUserOperation', params: [op, { deployed: true }] },
    { ...addressesOf(keys), eip155: as },
    { eip155ChainId: 31337 },
  );

describe('a UserOperation from the host page', () => {
  it('an honest one is shown and signed by the key', async () => {
    const prepared = await prepare(operation());
    expect(prepared.details({ account: owner, origin: 'http://127.0.0.1:5173' }).rows.length).toBeGreaterThan(0);
    expect(await prepared.sign(keys)).toMatch(/^0x[0-9a-f]+$/i);
  });

  it('deploying an account another key owns is refused', async () => {
    await expect(prepare(operation({ factory: RECIPIENT, factoryData: smartAccountFactoryData(other) }))).rejects.toThrow(
      'The UserOperation deploys an account this key does not own',
    );
    // The key's own deployment passes.
    await expect(prepare(operation({ factory: RECIPIENT, factoryData: smartAccountFactoryData(owner) }))).resolves.toBeDefined();
  });

  it('callData that is not the account’s execute or executeBatch (a call the page could hide) is refused', async () => {
    const hidden = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [RECIPIENT, 10n] });
    await expect(prepare(operation({ callData: hidden }))).rejects.toThrow(
      'The UserOperation does not call execute or executeBatch on the account',
    );
  });

  it('malformed fields are refused', async () => {
    await expect(prepare(operation({ nonce: 'one' }))).rejects.toThrow('nonce must be a 0x quantity');
    await expect(prepare(operation({ sender: undefined }))).rejects.toThrow('The UserOperation needs a sender and callData');
    await expect(prepare('not an operation')).rejects.toThrow('latch_signUserOperation needs [userOperation, { deployed }]');
  });

  it('a request prepared for another owner cannot be signed with this key', async () => {
    const prepared = await prepare(operation(), other);
    expect(() => prepared.sign(keys)).toThrow('The keys do not own this smart account');
  });
});

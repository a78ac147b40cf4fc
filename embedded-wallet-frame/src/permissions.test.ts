import { SMART_ACCOUNT_ABI, SMART_ACCOUNT_SESSION_ABI, sessionOriginTag } from '@latch/connector-embedded/protocol';
import { concat, encodeFunctionData, erc20Abi, type Hex, parseAbi, parseEther, toFunctionSelector, zeroAddress } from 'viem';
import { entryPoint07Address } from 'viem/account-abstraction';
import { describe, expect, it } from 'vitest';
import { addressesOf, deriveKeys, generateMasterSecret } from './keys.js';
import { prepareAnyRequest } from './signer.js';

/*
 * Session grants and revokes as a hostile host page could send them: each is an owner UserOperation, so each refusal
 * here happens while the request is checked or described, before the approval page shows it.
 */
const keys = deriveKeys(generateMasterSecret());
const owner = addressesOf(keys).eip155 as Hex;
const ACCOUNT = '0x1111111111111111111111111111111111111111';
const TOKEN = '0x2222222222222222222222222222222222222222';
const DAPP_KEY = '0x3333333333333333333333333333333333333333';
const SITE = 'https://dapp.example';
const OTHER_SITE = 'https://other.example';
const TRANSFER = toFunctionSelector('transfer(address,uint256)');
const nowSeconds = () => Math.floor(Date.now() / 1000);
const idFor = (origin: string): Hex => concat([sessionOriginTag(origin), '0x0123456789abcdef0123456789abcdef']);

type Allowed = { target: Hex; selector: Hex; valueLimit: bigint };
const grantData = (overrides: { id?: Hex; signer?: Hex; validUntil?: number; calls?: Allowed[] } = {}) =>
  encodeFunctionData({
    abi: SMART_ACCOUNT_SESSION_ABI,
    functionName: 'grantSession',
    args: [
      overrides.id ?? idFor(SITE),
      overrides.signer ?? DAPP_KEY,
      overrides.validUntil ?? nowSeconds() + 3600,
      overrides.calls ?? [
        { target: TOKEN, selector: TRANSFER, valueLimit: 0n },
        { target: DAPP_KEY, selector: '0x00000000', valueLimit: parseEther('0.1') },
      ],
    ],
  });
const execute = (to: Hex, data: Hex, value = 0n) =>
  encodeFunctionData({ abi: SMART_ACCOUNT_ABI, functionName: 'execute', args: [to, value, data] });

function operation(callData: Hex) {
  return {
    sender: ACCOUNT,
    nonce: '0x0',
    callData,
    callGasLimit: '0x10000',
    verificationGasLimit: '0x10000',
    preVerificationGas: '0x10000',
    maxFeePerGas: '0x1',
    maxPriorityFeePerGas: '0x1',
  };
}

const prepare = (callData: Hex) =>
  prepareAnyRequest(
    { namespace: 'eip155', chainId: 'eip155:31337', method: 'latch_signUserOperation', params: [operation(callData)] },
    addressesOf(keys),
    { eip155ChainId: 31337 },
  );

/** What the approval page would show, as the frame's controller builds it (the asking site's origin in the context). */
const shown = async (callData: Hex, origin = SITE) => (await prepare(callData)).details({ account: owner, origin });

describe('a session grant from the host page', () => {
  it('an honest grant is shown in plain words: the site’s key, each contract and function, the value limit, the expiry', async () => {
    const details = await shown(execute(ACCOUNT, grantData()));
    expect(details.title).toBe('Give this site a session key');
    expect(details.origin).toBe(SITE);
    expect(details.rows).toEqual(
      expect.arrayContaining([
        { label: 'Site’s key', value: DAPP_KEY },
        { label: 'Call 1: Contract', value: TOKEN },
        { label: 'Call 1: Function', value: 'transfer(address,uint256)' },
        { label: 'Call 1: Value per call (at most)', value: 'None' },
        { label: 'Call 2: Contract', value: DAPP_KEY },
        { label: 'Call 2: Function', value: 'Send the native coin (no data)' },
        { label: 'Call 2: Value per call (at most)', value: '0.1 ETH' },
      ]),
    );
    expect(details.rows.find((row) => row.label === 'Expires')?.value).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d UTC \(in (59 minutes|60 minutes)\)$/,
    );
    expect(details.warnings.join(' ')).toContain('without asking you again');
    expect(await (await prepare(execute(ACCOUNT, grantData()))).sign(keys)).toMatch(/^0x[0-9a-f]{130}$/);
  });

  it('a grant without an expiry, with one past or more than 30 days away, is refused', async () => {
    await expect(prepare(execute(ACCOUNT, grantData({ validUntil: 0 })))).rejects.toThrow('A session grant without an expiry is refused');
    await expect(prepare(execute(ACCOUNT, grantData({ validUntil: nowSeconds() - 10 })))).rejects.toThrow('expiry has passed');
    await expect(prepare(execute(ACCOUNT, grantData({ validUntil: nowSeconds() + 31 * 86_400 })))).rejects.toThrow(
      'A session grant may last at most 30 days: refused',
    );
    await expect(prepare(execute(ACCOUNT, grantData({ validUntil: nowSeconds() + 29 * 86_400 })))).resolves.toBeDefined();
  });

  it('a grant of the account’s own functions or of the EntryPoint, with no call, or with no key, is refused', async () => {
    for (const target of [ACCOUNT, entryPoint07Address, zeroAddress] as Hex[]) {
      await expect(prepare(execute(ACCOUNT, grantData({ calls: [{ target, selector: TRANSFER, valueLimit: 0n }] })))).rejects.toThrow(
        'A session may not call your smart account itself or the EntryPoint: refused',
      );
    }
    await expect(prepare(execute(ACCOUNT, grantData({ calls: [] })))).rejects.toThrow('at least one call');
    await expect(prepare(execute(ACCOUNT, grantData({ signer: zeroAddress })))).rejects.toThrow('needs the site’s key');
  });

  it('upgrade and owner calls on the account itself, and a grant hidden in a batch or carrying value, are refused', async () => {
    const own = parseAbi([
      'function transferOwnership(address)',
      'function upgradeToAndCall(address,bytes)',
      'function delegateExecute(address,bytes)',
    ]);
    const attacks: Hex[] = [
      execute(ACCOUNT, encodeFunctionData({ abi: own, functionName: 'transferOwnership', args: [DAPP_KEY] })),
      execute(ACCOUNT, encodeFunctionData({ abi: own, functionName: 'upgradeToAndCall', args: [DAPP_KEY, '0x'] })),
      execute(ACCOUNT, encodeFunctionData({ abi: own, functionName: 'delegateExecute', args: [DAPP_KEY, '0x'] })),
      execute(ACCOUNT, encodeFunctionData({ abi: SMART_ACCOUNT_SESSION_ABI, functionName: 'session', args: [idFor(SITE)] })),
    ];
    for (const callData of attacks) {
      await expect(prepare(callData)).rejects.toThrow('with something other than a session grant or revoke');
    }
    const batch = encodeFunctionData({
      abi: SMART_ACCOUNT_ABI,
      functionName: 'executeBatch',
      args: [
        [
          { target: TOKEN, value: 0n, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [DAPP_KEY, 1n] }) },
          { target: ACCOUNT, value: 0n, data: grantData() },
        ],
      ],
    });
    await expect(prepare(batch)).rejects.toThrow('must come alone, not inside a batch');
    await expect(prepare(execute(ACCOUNT, grantData(), 1n))).rejects.toThrow('carries no value');
  });

  it('a grant whose session id was made for another site is refused before it is shown', async () => {
    const prepared = await prepare(execute(ACCOUNT, grantData({ id: idFor(OTHER_SITE) })));
    expect(() => prepared.details({ account: owner, origin: SITE })).toThrow('The session id was not made for this site');
  });
});

describe('a session revoke from the host page', () => {
  const revoke = (id: Hex) =>
    execute(ACCOUNT, encodeFunctionData({ abi: SMART_ACCOUNT_SESSION_ABI, functionName: 'revokeSession', args: [id] }));

  it('the site’s own session: shown, then signed', async () => {
    const details = await shown(revoke(idFor(SITE)));
    expect(details.title).toBe('End a session');
    expect(details.rows).toContainEqual({ label: 'Session', value: idFor(SITE) });
  });

  it('another site’s session is refused: a site only revokes its own', async () => {
    const prepared = await prepare(revoke(idFor(OTHER_SITE)));
    expect(() => prepared.details({ account: owner, origin: SITE })).toThrow('a site may only revoke its own sessions');
  });
});

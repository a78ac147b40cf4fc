import { type Address, decodeFunctionData, encodeFunctionData, type Hex } from 'viem';
import {
  entryPoint07Abi,
  getUserOperationHash,
  type SmartAccount,
  type SmartAccountImplementation,
  toSmartAccount,
} from 'viem/account-abstraction';
import type { LocalAccount } from 'viem/accounts';
import { readContract } from 'viem/actions';
import { ENTRY_POINT_07_ADDRESS, loadErc4337Artifact, SIMPLE_ACCOUNT_FACTORY_07_ADDRESS } from './erc4337Deployment.js';

const accountAbi = loadErc4337Artifact('SimpleAccount').abi;
const factoryAbi = loadErc4337Artifact('SimpleAccountFactory').abi;

/**
 * eth-infinitism's SimpleAccount v0.7 as a viem smart account (viem ships no SimpleAccount of its own): `owner` signs the
 * UserOperation hash (EIP-191), the factory deploys the account with the first UserOperation. The stack's own check that
 * a UserOperation lands; SimpleAccount does not implement ERC-1271.
 */
export async function toSimpleAccount(parameters: {
  readonly client: SmartAccountImplementation['client'];
  readonly owner: LocalAccount;
  readonly factory?: Address;
  readonly salt?: bigint;
}): Promise<SmartAccount> {
  const { client, owner, salt = 0n } = parameters;
  const factory = parameters.factory ?? SIMPLE_ACCOUNT_FACTORY_07_ADDRESS;
  const entryPoint = { abi: entryPoint07Abi, address: ENTRY_POINT_07_ADDRESS, version: '0.7' } as const;
  const address = (await readContract(client, {
    address: factory,
    abi: factoryAbi,
    functionName: 'getAddress',
    args: [owner.address, salt],
  })) as Address;
  return toSmartAccount({
    client,
    entryPoint,
    async decodeCalls(data) {
      const decoded = decodeFunctionData({ abi: accountAbi, data });
      if (decoded.functionName === 'execute') {
        const [to, value, callData] = decoded.args as [Address, bigint, Hex];
        return [{ to, value, data: callData }];
      }
      if (decoded.functionName === 'executeBatch') {
        const [targets, values, datas] = decoded.args as [Address[], bigint[], Hex[]];
        return targets.map((to, index) => ({ to, value: values[index] ?? 0n, data: datas[index] ?? '0x' }));
      }
      throw new Error(`SimpleAccount: cannot decode ${decoded.functionName}`);
    },
    async encodeCalls(calls) {
      const [only] = calls;
      if (calls.length === 1 && only) {
        return encodeFunctionData({ abi: accountAbi, functionName: 'execute', args: [only.to, only.value ?? 0n, only.data ?? '0x'] });
      }
      // v0.7's executeBatch carries values only when every call has one (it takes an empty value array otherwise).
      const values = calls.some((call) => (call.value ?? 0n) !== 0n) ? calls.map((call) => call.value ?? 0n) : [];
      return encodeFunctionData({
        abi: accountAbi,
        functionName: 'executeBatch',
        args: [calls.map((call) => call.to), values, calls.map((call) => call.data ?? '0x')],
      });
    },
    async getAddress() {
      return address;
    },
    async getFactoryArgs() {
      return { factory, factoryData: encodeFunctionData({ abi: factoryAbi, functionName: 'createAccount', args: [owner.address, salt] }) };
    },
    async getStubSignature() {
      return '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c';
    },
    async signMessage() {
      throw new Error('SimpleAccount v0.7 does not implement ERC-1271: it cannot sign messages');
    },
    async signTypedData() {
      throw new Error('SimpleAccount v0.7 does not implement ERC-1271: it cannot sign typed data');
    },
    async signUserOperation(operation) {
      const { chainId = client.chain?.id, ...userOperation } = operation;
      if (chainId === undefined) throw new Error('SimpleAccount: the client has no chain');
      const hash = getUserOperationHash({
        chainId,
        entryPointAddress: entryPoint.address,
        entryPointVersion: entryPoint.version,
        userOperation: { ...userOperation, sender: address },
      });
      return owner.signMessage({ message: { raw: hash } });
    },
  });
}

import { concatHex, encodeAbiParameters, encodeFunctionResult, parseAbi, toFunctionSelector, zeroAddress, type Hex } from 'viem';

const textAbi = parseAbi(['function text(bytes32 node, string key) view returns (string)']);

function pushBytes(value: number, size: 2 | 4): string {
  return (size === 2 ? '61' : '63') + value.toString(16).padStart(size * 2, '0');
}

/**
 * Runtime bytecode for a stand-in ENS Universal Resolver: `reverseWithGateways` answers `name` and
 * `resolveWithGateways` answers the text record `avatar`, whatever the arguments. Hand-assembled so the
 * test needs no compiler: dispatch on the selector, then CODECOPY a constant ABI-encoded reply and return it.
 */
export function fakeUniversalResolverCode({ name, avatar }: { name: string; avatar: string }): Hex {
  const reverseReply = encodeAbiParameters(
    [{ type: 'string' }, { type: 'address' }, { type: 'address' }],
    [name, zeroAddress, zeroAddress],
  );
  const textReply = encodeFunctionResult({ abi: textAbi, functionName: 'text', result: avatar });
  const resolveReply = encodeAbiParameters([{ type: 'bytes' }, { type: 'address' }], [textReply, zeroAddress]);
  const reverseSelector = Number.parseInt(toFunctionSelector('reverseWithGateways(bytes,uint256,string[])').slice(2), 16);
  const resolveSelector = Number.parseInt(toFunctionSelector('resolveWithGateways(bytes,bytes,string[])').slice(2), 16);
  const replyLength = (reply: Hex) => (reply.length - 2) / 2;

  const DISPATCH_LENGTH = 0x1f; // bytes before the first JUMPDEST
  const BRANCH_LENGTH = 0x10; // JUMPDEST … RETURN
  const firstBranch = DISPATCH_LENGTH;
  const secondBranch = firstBranch + BRANCH_LENGTH;
  const dataStart = secondBranch + BRANCH_LENGTH;
  const branch = (offset: number, length: number) => `5b${pushBytes(length, 2)}${pushBytes(offset, 2)}600039${pushBytes(length, 2)}6000f3`;

  const code =
    '6000' +
    '35' +
    '60e0' +
    '1c' + // selector = calldata[0:4]
    '80' +
    pushBytes(reverseSelector, 4) +
    '14' +
    pushBytes(firstBranch, 2) +
    '57' +
    pushBytes(resolveSelector, 4) +
    '14' +
    pushBytes(secondBranch, 2) +
    '57' +
    '6000' +
    '80' +
    'fd' + // unknown selector: revert
    branch(dataStart, replyLength(reverseReply)) +
    branch(dataStart + replyLength(reverseReply), replyLength(resolveReply));
  if (code.length / 2 !== dataStart) throw new Error(`resolver code layout is off: ${code.length / 2} != ${dataStart}`);
  return concatHex([`0x${code}`, reverseReply, resolveReply]);
}

import { describe, expect, it } from 'vitest';
import { encodeErrorResult, parseAbi } from 'viem';
import { describeRevertData } from './revertData.js';

const abi = parseAbi([
  'error Error(string)',
  'error Panic(uint256)',
  'error ERC721IncorrectOwner(address, uint256, address)',
  'error Unknown(uint256)',
]);
// ERC-6093, as OpenZeppelin 5 declares them: each must be recognised by its selector.
const erc6093 = parseAbi([
  'error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)',
  'error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed)',
  'error ERC20InvalidReceiver(address receiver)',
  'error ERC20InvalidSender(address sender)',
  'error ERC721NonexistentToken(uint256 tokenId)',
  'error ERC721IncorrectOwner(address sender, uint256 tokenId, address owner)',
  'error ERC721InsufficientApproval(address operator, uint256 tokenId)',
  'error ERC721InvalidReceiver(address receiver)',
]);
const zero = '0x0000000000000000000000000000000000000000';

describe('describeRevertData', () => {
  it("reads Error(string), capping and cleaning the contract's text", () => {
    expect(describeRevertData(encodeErrorResult({ abi, errorName: 'Error', args: ['Ownable: caller is not the owner'] }))).toBe(
      'Ownable: caller is not the owner',
    );
    const noisy = describeRevertData(encodeErrorResult({ abi, errorName: 'Error', args: [`bad\u0000\nnews${'!'.repeat(500)}`] }));
    expect(noisy).toMatch(/^bad {2}news!+$/);
    expect(noisy?.length).toBe(200);
    expect(describeRevertData(encodeErrorResult({ abi, errorName: 'Error', args: [''] }))).toBeUndefined();
  });

  it('names panics and ERC-6093 token errors; unknown errors and garbage give nothing', () => {
    expect(describeRevertData(encodeErrorResult({ abi, errorName: 'Panic', args: [17n] }))).toBe('an amount overflowed');
    expect(describeRevertData(encodeErrorResult({ abi, errorName: 'Panic', args: [99n] }))).toBe('the contract panicked');
    expect(describeRevertData(encodeErrorResult({ abi, errorName: 'ERC721IncorrectOwner', args: [zero, 1n, zero] }))).toBe(
      'the sender does not own this token',
    );
    expect(describeRevertData(encodeErrorResult({ abi, errorName: 'Unknown', args: [1n] }))).toBeUndefined();
    expect(describeRevertData('0x08c379a0ff')).toBeUndefined();
    const truncated = encodeErrorResult({ abi, errorName: 'Error', args: ['a long enough reason'] }).slice(0, -64) as `0x${string}`;
    expect(describeRevertData(truncated)).toBeUndefined();
  });

  it('knows every ERC-6093 token error by its selector', () => {
    for (const item of erc6093) {
      const args = item.inputs.map((input) => (input.type === 'address' ? zero : 1n));
      const data = encodeErrorResult({ abi: erc6093, errorName: item.name, args } as never);
      expect(describeRevertData(data), item.name).toMatch(/^(the|this) /);
    }
  });
});

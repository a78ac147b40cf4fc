import type { Hex } from './nodeShapes.js';

/* Revert data in words: what a contract's failure says, read from a node's error or a replayed call. */

// ERC-6093 standard token errors (OpenZeppelin 5 and most tokens since) by selector, in words a visitor can act on.
const TOKEN_ERROR_WORDS: Readonly<Record<string, string>> = {
  '0xe450d38c': 'the sender does not hold enough of this token', // ERC20InsufficientBalance
  '0xfb8f41b2': 'the spender is not allowed to move that much of this token', // ERC20InsufficientAllowance
  '0xec442f05': 'the token cannot be sent to this receiver', // ERC20InvalidReceiver
  '0x96c6fd1e': 'the token cannot be sent from this sender', // ERC20InvalidSender
  '0x7e273289': 'this token does not exist', // ERC721NonexistentToken
  '0x64283d7b': 'the sender does not own this token', // ERC721IncorrectOwner
  '0x177e802f': 'the sender is not allowed to move this token', // ERC721InsufficientApproval
  '0x64a0ae92': 'this receiver cannot take the token', // ERC721InvalidReceiver
};
const ERROR_STRING = '0x08c379a0'; // Error(string)
const PANIC = '0x4e487b71'; // Panic(uint256)

const PANIC_WORDS: Readonly<Record<string, string>> = {
  '1': 'an internal check failed',
  '17': 'an amount overflowed',
  '18': 'a division by zero',
  '50': 'an index was out of range',
};

/** The text of ABI-encoded Error(string) arguments, or undefined when they are not well formed. */
function decodeErrorString(body: string): string | undefined {
  if (body.length < 128 || BigInt(`0x${body.slice(0, 64)}`) !== 32n) return undefined;
  const length = BigInt(`0x${body.slice(64, 128)}`);
  if (length > BigInt((body.length - 128) / 2)) return undefined;
  const hex = body.slice(128, 128 + Number(length) * 2);
  const bytes = Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
  return new TextDecoder().decode(bytes);
}

/** Revert data from a node's error (viem nests the node's `data` a few causes deep). */
export function revertData(err: unknown): Hex | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 6 && typeof current === 'object' && current !== null; depth++) {
    const data = (current as { data?: unknown }).data;
    if (typeof data === 'string' && /^0x(?:[0-9a-fA-F]{2}){4,}$/.test(data)) return data as Hex;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The reason in words: Error(string)'s text, a panic, an ERC-6093 error; undefined for what we cannot read. */
export function describeRevertData(data: Hex): string | undefined {
  const selector = data.slice(0, 10).toLowerCase();
  const body = data.slice(10);
  if (selector === ERROR_STRING) {
    // A contract's own text: untrusted, so control characters go and its length is capped.
    return (
      decodeErrorString(body)
        ?.replace(/\p{Cc}/gu, ' ')
        .trim()
        .slice(0, 200) || undefined
    );
  }
  if (selector === PANIC) return body.length === 64 ? (PANIC_WORDS[BigInt(`0x${body}`).toString()] ?? 'the contract panicked') : undefined;
  return TOKEN_ERROR_WORDS[selector];
}

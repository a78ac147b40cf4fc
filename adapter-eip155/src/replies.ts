/** §5: a transaction hash is 0x plus 64 hex; a signed message 0x plus at least 62 hex. */
export function isTransactionHash(value: string): boolean {
  return typeof value === 'string' && /^0x[0-9a-fA-F]{64}$/.test(value);
}

export function isSignedMessage(value: string): boolean {
  return typeof value === 'string' && /^0x[0-9a-fA-F]{62,}$/.test(value);
}

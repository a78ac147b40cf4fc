/** The Cosmos SDK's own codes (codespace `sdk`) the stand-in answers with, as a real node would. */
export const SDK_CODES = {
  txDecode: 2,
  unauthorized: 4,
  insufficientFunds: 5,
  unknownRequest: 6,
  invalidAddress: 7,
  invalidPubKey: 8,
  unknownAddress: 9,
  invalidCoins: 10,
  outOfGas: 11,
  invalidRequest: 18,
  notFound: 22,
  wrongSequence: 32,
} as const;

/** A transaction or query the chain refuses, with the SDK code and the log a node would give. */
export class CosmosSdkError extends Error {
  override readonly name = 'CosmosSdkError';
  constructor(
    readonly code: number,
    readonly log: string,
    readonly codespace = 'sdk',
  ) {
    super(log);
  }
}

/** A JSON-RPC error the test wallet answers a dapp's request with (WalletConnect SDK codes, EIP-1193 codes or the node's). */
export class WalletRequestError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

// The texts are @walletconnect/utils' getSdkError() messages, so dapps see what a real wallet sends.
export const userRejected = () => new WalletRequestError(5000, 'User rejected.');
export const unsupportedChains = () => new WalletRequestError(5100, 'Unsupported chains.');
export const unsupportedMethod = (method: string) => new WalletRequestError(5101, `Unsupported methods. ${method}`);
export const unsupportedAccounts = (account: string) => new WalletRequestError(5103, `Unsupported accounts. ${account}`);
export const invalidParams = (message: string) => new WalletRequestError(-32602, message);
/** EIP-3326's code for wallet_switchEthereumChain to a chain the wallet does not know. */
export const unrecognizedChain = (chainIdHex: string) => new WalletRequestError(4902, `Unrecognized chain ID "${chainIdHex}".`);

import { ProviderRpcError } from '../mockWallet/providerRpcError.js';

/** An error a wallet throws back to the app: the same shape as EIP-1193's (message + the code dapps switch on). */
export class SolanaWalletError extends ProviderRpcError {
  override readonly name: string = 'SolanaWalletError';
}

export const userRejected = () => new SolanaWalletError(4001, 'User rejected the request.');

export const notAuthorized = () => new SolanaWalletError(4100, 'The requested account and/or method has not been authorized by the user.');

export const invalidInput = (message: string) => new SolanaWalletError(-32602, message);

/** The kernel's EIP-1193 provider error ({ code, message, data }): the host's providers and the frame's signer answer with it. */
export { ProviderRpcError } from '@latch/kernel';

/** EIP-1193 4001. */
export const USER_REJECTED = 'User rejected the request.';

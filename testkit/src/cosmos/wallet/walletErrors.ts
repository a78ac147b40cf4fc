/** Keplr refuses with a bare Error and this message (no EIP-1193 code): the adapter has to read the message. */
export const REQUEST_REJECTED = 'Request rejected';

export const rejected = () => new Error(REQUEST_REJECTED);
/** Keplr's answer for a chain it does not know. */
export const unknownChain = (chainId: string) => new Error(`There is no chain info for ${chainId}`);
/** The mock's answer for a chain the site may not use: it refuses where Keplr would open its permission popup. */
export const notEnabled = (chainId: string) => new Error(`${chainId} is not enabled for this site: call enable first`);

/**
 * Errors worded as real extensions throw them: plain Errors with no code (polkadot{.js} 'Cancelled' for a declined
 * signature, 'The source … is not allowed to interact with this extension' for a refused or revoked site).
 */
export const signatureCancelled = () => new Error('Cancelled');

export const siteNotAllowed = (origin: string) => new Error(`The source ${origin} is not allowed to interact with this extension`);

export const unknownAccount = (address: string) => new Error(`Unable to find a keypair for ${address}`);

import type { SolanaSignInInput } from '@solana/wallet-standard-features';

export type CompleteSignInInput = SolanaSignInInput & Required<Pick<SolanaSignInInput, 'domain' | 'address'>>;

/**
 * The Sign In With Solana message text (EIP-4361 / CAIP-122 layout) that wallets sign and apps parse back:
 * a header naming domain and address, the optional statement, then the fields that were given, in order.
 */
export function createSignInMessageText(input: CompleteSignInInput): string {
  let message = `${input.domain} wants you to sign in with your Solana account:\n${input.address}`;
  if (input.statement) message += `\n\n${input.statement}`;
  const fields = (
    [
      ['URI', input.uri],
      ['Version', input.version],
      ['Chain ID', input.chainId],
      ['Nonce', input.nonce],
      ['Issued At', input.issuedAt],
      ['Expiration Time', input.expirationTime],
      ['Not Before', input.notBefore],
      ['Request ID', input.requestId],
    ] as const
  )
    .filter(([, value]) => Boolean(value))
    .map(([label, value]) => `${label}: ${value}`);
  if (input.resources) fields.push('Resources:', ...input.resources.map((resource) => `- ${resource}`));
  if (fields.length > 0) message += `\n\n${fields.join('\n')}`;
  return message;
}

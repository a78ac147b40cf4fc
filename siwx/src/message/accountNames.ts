/** The word each namespace's sign-in header uses ("…sign in with your Ethereum account"). */
const ACCOUNT_NAMES: Readonly<Record<string, string>> = {
  eip155: 'Ethereum',
  solana: 'Solana',
  polkadot: 'Polkadot',
  bip122: 'Bitcoin',
  cosmos: 'Cosmos',
};

/** A namespace Latch does not know is named by itself (CAIP-122 leaves the word to the namespace). */
export function accountNameOf(namespace: string): string {
  return ACCOUNT_NAMES[namespace] ?? namespace;
}

/** The namespace a header's account word stands for, or undefined when it stands for none. */
export function namespaceOfAccountName(name: string): string | undefined {
  const known = Object.keys(ACCOUNT_NAMES).find((namespace) => ACCOUNT_NAMES[namespace] === name);
  if (known) return known;
  return /^[-a-z0-9]{3,8}$/.test(name) ? name : undefined;
}

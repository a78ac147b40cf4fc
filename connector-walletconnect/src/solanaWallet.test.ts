import { ed25519 } from '@noble/curves/ed25519';
import { describe, expect, it } from 'vitest';
import type { SessionChannel } from './channel.js';
import { decodeBase58, encodeBase58 } from './codec.js';
import type { ApprovedNamespace } from './namespaces.js';
import { createSolanaWallet, withSignature } from './solanaWallet.js';

const CHAIN = 'solana:LatchLoca1So1anaGenesisHash11111';
const secret = new Uint8Array(32).fill(7);
const ADDRESS = encodeBase58(ed25519.getPublicKey(secret));

/** The wallet's side in a few lines: a real ed25519 key answering solana_signMessage as WalletConnect specifies. */
function phone(methods: string[] = ['solana_signMessage', 'solana_signTransaction']) {
  const asked: { method: string; params: unknown; chainId: string }[] = [];
  const approval: ApprovedNamespace = { chains: [CHAIN], methods, events: [], addresses: [ADDRESS], accounts: [`${CHAIN}:${ADDRESS}`] };
  const channel: SessionChannel = {
    approved: () => approval,
    async request(method, params, chainId) {
      asked.push({ method, params, chainId });
      const { message } = params as { message: string };
      return { signature: encodeBase58(ed25519.sign(decodeBase58(message), secret)) };
    },
    read: async () => null,
  };
  return { channel, asked };
}

describe('the Wallet Standard wallet over a WalletConnect session', () => {
  it('lists the approved account and chain, and only the features whose methods were approved', () => {
    const wallet = createSolanaWallet(phone(['solana_signMessage']).channel, { name: 'WalletConnect', icon: 'data:image/svg+xml,x' });
    expect(wallet.chains).toEqual([CHAIN]);
    expect(wallet.accounts.map((a) => a.address)).toEqual([ADDRESS]);
    expect(wallet.accounts[0]?.publicKey).toEqual(ed25519.getPublicKey(secret));
    expect(Object.keys(wallet.features).sort()).toEqual([
      'solana:signMessage',
      'standard:connect',
      'standard:disconnect',
      'standard:events',
    ]);
  });

  it('signs a message through solana_signMessage (base58 message and pubkey) and returns a signature that verifies', async () => {
    const { channel, asked } = phone();
    const wallet = createSolanaWallet(channel, { name: 'WalletConnect', icon: 'data:image/svg+xml,x' });
    const message = new TextEncoder().encode('hello over walletconnect');
    const feature = wallet.features['solana:signMessage'] as { signMessage(input: unknown): Promise<{ signature: Uint8Array }[]> };
    const [output] = await feature.signMessage({ account: wallet.accounts[0], message });
    expect(asked).toEqual([{ method: 'solana_signMessage', params: { message: encodeBase58(message), pubkey: ADDRESS }, chainId: CHAIN }]);
    expect(ed25519.verify(output!.signature, message, ed25519.getPublicKey(secret))).toBe(true);
  });

  it('tells listeners when the session accounts change', () => {
    const wallet = createSolanaWallet(phone().channel, { name: 'WalletConnect', icon: 'data:image/svg+xml,x' });
    const heard: unknown[] = [];
    const off = (wallet.features['standard:events'] as { on(e: string, l: (p: unknown) => void): () => void }).on('change', (p) =>
      heard.push(p),
    );
    wallet.accountsChanged();
    off();
    wallet.accountsChanged();
    expect(heard).toHaveLength(1);
  });
});

describe('withSignature', () => {
  const signer = ed25519.getPublicKey(secret);
  const other = new Uint8Array(32).fill(9);
  const signature = new Uint8Array(64).fill(5);
  /** A wire transaction: 2 signature slots, then a message whose first two keys sign. */
  function transaction(versioned: boolean, keys: Uint8Array[]): Uint8Array {
    const message = [...(versioned ? [0x80] : []), 2, 0, 0, keys.length, ...keys.flatMap((k) => [...k]), ...new Array(32).fill(1), 0];
    return new Uint8Array([2, ...new Array(128).fill(0), ...message]);
  }

  it('puts the signature in the slot of the signer, legacy and version 0', () => {
    for (const versioned of [false, true]) {
      const signed = withSignature(transaction(versioned, [other, signer]), signer, signature);
      expect(signed.subarray(65, 129)).toEqual(signature);
      expect(signed.subarray(1, 65)).toEqual(new Uint8Array(64));
    }
  });

  it('refuses a signer that is not among the transaction signers', () => {
    expect(() => withSignature(transaction(false, [other, other]), signer, signature)).toThrow('not a signer of this transaction');
  });
});

// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { Connector } from '@latch/kernel';
import type { Wallet } from '@wallet-standard/base';
import { createSolanaAdapter } from '../adapter.js';
import { standardWallet } from '../test-support/standardWallets.js';
import { solana } from '../networks/clusters.js';

/* The Wallet Standard handshake on window, as @wallet-standard/wallet's registerWallet performs it. This file
 * must be the first in its module graph to call getWallets, so it lives alone. */

type RegisterCallback = (api: { register(...wallets: Wallet[]): () => void }) => void;

/** A wallet whose script ran before the app: it waits for the app's ready event. */
function installEarlyWallet(wallet: Wallet): void {
  window.addEventListener('wallet-standard:app-ready', (event) =>
    (event as CustomEvent<{ register(...w: Wallet[]): () => void }>).detail.register(wallet),
  );
}

/** A wallet whose script runs after the app: it announces itself with a callback. */
function installLateWallet(wallet: Wallet): void {
  const callback: RegisterCallback = ({ register }) => register(wallet);
  const event = new Event('wallet-standard:register-wallet') as Event & { detail: RegisterCallback };
  Object.defineProperty(event, 'detail', { value: callback });
  window.dispatchEvent(event);
}

describe('the window handshake (default registry)', () => {
  it('finds wallets that loaded before and after the app, whichever side loads first', () => {
    installEarlyWallet(standardWallet('Early'));
    const adapter = createSolanaAdapter();
    adapter.setup?.({ networks: [solana], emit: () => {} });
    let latest: readonly Connector[] = [];
    const unwatch = adapter.watchConnectors((list) => (latest = list));
    expect(latest.map((c) => c.id)).toEqual(['ws:Early']);
    installLateWallet(standardWallet('Late'));
    expect(latest.map((c) => c.id)).toEqual(['ws:Early', 'ws:Late']);
    unwatch();
  });
});

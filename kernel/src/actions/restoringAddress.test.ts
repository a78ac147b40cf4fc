import { describe, expect, it } from 'vitest';
import { createModal } from '../createModal.js';
import { getInternals } from '../internals.js';
import { connector, createFakeAdapter, createTestStorage, mainnet } from '@latch/testkit/kernel';

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

/** A reload: the browser kept a connected session with wallet 'w' on `ADDRESS`; the wallet now says `walletAddress`. */
function reload(stored: Record<string, string> = {}, walletAddress = ADDRESS) {
  const fake = createFakeAdapter({ namespace: 'eip155', connectors: [connector('w', 'eip155')], address: walletAddress });
  const storage = createTestStorage({
    '@latch/connection_status': '"connected"',
    '@latch/eip155:connected_connector_id': '"w"',
    '@latch/active_caip_address': JSON.stringify(`eip155:1:${ADDRESS}`),
    ...stored,
  });
  const modal = createModal({ networks: [mainnet], adapters: [fake.adapter], storage });
  return { fake, modal, restoring: () => getInternals(modal).restoringAddress() };
}

describe('the account kept with a stored session, while it is restored', () => {
  it('is the stored address from creation until the wallet confirms the session, then undefined', async () => {
    const { modal, restoring } = reload();
    expect(modal.getState().status).toBe('connecting');
    expect(restoring()).toBe(ADDRESS);
    await modal.reconnect();
    expect(modal.getState().status).toBe('connected');
    expect(restoring()).toBeUndefined();
    modal.destroy();
  });

  it('is forgotten when the wallet answers with another account or refuses', async () => {
    const other = reload({}, OTHER);
    await other.modal.reconnect();
    expect(other.modal.getState().account?.address).toBe(OTHER);
    expect(other.restoring()).toBeUndefined();
    other.modal.destroy();

    const refused = reload();
    refused.fake.fail.reconnect = new Error('revoked');
    await refused.modal.reconnect();
    expect(refused.modal.getState().status).toBe('disconnected');
    expect(refused.restoring()).toBeUndefined();
    refused.modal.destroy();
  });

  it('is undefined on a first visit, after a disconnect, and when the stored account is not a CAIP-10 id', () => {
    const cases: Record<string, string>[] = [
      { '@latch/connection_status': '"disconnected"' },
      { '@latch/active_caip_address': '"0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"' },
      { '@latch/active_caip_address': '{"address":"0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"}' },
      { '@latch/active_caip_address': 'not json' },
    ];
    for (const stored of cases) {
      const { modal, restoring } = reload(stored);
      expect(restoring(), JSON.stringify(stored)).toBeUndefined();
      modal.destroy();
    }
    const first = createModal({ networks: [mainnet], adapters: [], storage: createTestStorage() });
    expect(getInternals(first).restoringAddress()).toBeUndefined();
    first.destroy();
  });
});

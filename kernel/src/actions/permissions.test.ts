import { describe, expect, it } from 'vitest';
import { LatchError } from '../primitives.js';
import { connector } from '@latch/testkit/kernel';
import { createTestModal } from '../test-support/testModal.js';

/** A wallet whose EIP-1193 provider records the ERC-7715 requests it gets and answers them. */
function permissionWallet(answer: (method: string) => unknown = () => null) {
  const asked: { method: string; params?: unknown }[] = [];
  const provider = {
    async request(args: { method: string; params?: unknown }) {
      asked.push(args);
      const result = answer(args.method);
      if (result instanceof Error) throw result;
      return result;
    },
  };
  return { wallet: { ...connector('w', 'eip155'), provider }, asked };
}

const grant = {
  expiry: 1_900_000_000,
  signer: { type: 'account' as const, data: { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' } },
  permissions: [
    { type: 'contract-call', data: { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', calls: ['transfer(address,uint256)'] } },
  ],
};

describe('ERC-7715 permissions (modal.grantPermissions, revokePermissions, getPermissions)', () => {
  it('with the smartSessions feature off (the default), each is refused with a clear error and the wallet is not asked', async () => {
    const { wallet, asked } = permissionWallet();
    const { modal } = createTestModal({}, { connectors: [wallet] });
    await modal.connect('w');
    const off = 'The smartSessions feature is off: set features.smartSessions to true in createModal';
    await expect(modal.grantPermissions(grant)).rejects.toThrow(off);
    await expect(modal.grantPermissions(grant)).rejects.toBeInstanceOf(LatchError);
    await expect(modal.revokePermissions({ permissionsContext: '0x' })).rejects.toThrow(off);
    await expect(modal.getPermissions()).rejects.toThrow(off);
    expect(asked).toEqual([]);
  });

  it('with it on, asks the connected eip155 wallet’s provider and returns its answer', async () => {
    const { wallet, asked } = permissionWallet((method) =>
      method === 'wallet_grantPermissions'
        ? { permissionsContext: '0xabc', expiry: grant.expiry }
        : method === 'latch_getPermissions'
          ? []
          : null,
    );
    const { modal } = createTestModal({ features: { smartSessions: true } }, { connectors: [wallet] });
    await expect(modal.grantPermissions(grant)).rejects.toThrow('No eip155 wallet is connected');
    await modal.connect('w');
    await expect(modal.grantPermissions(grant)).resolves.toEqual({ permissionsContext: '0xabc', expiry: grant.expiry });
    await expect(modal.revokePermissions({ permissionsContext: '0xabc' })).resolves.toBeUndefined();
    await expect(modal.getPermissions()).resolves.toEqual([]);
    expect(asked).toEqual([
      { method: 'wallet_grantPermissions', params: [grant] },
      { method: 'wallet_revokePermissions', params: [{ permissionsContext: '0xabc' }] },
      { method: 'latch_getPermissions', params: [] },
    ]);
  });

  it('a wallet’s refusal keeps its code and is reported as GRANT_PERMISSIONS_ERROR', async () => {
    const refusal = Object.assign(new Error('User rejected the request.'), { code: 4001 });
    const { wallet } = permissionWallet(() => refusal);
    const { modal } = createTestModal({ features: { smartSessions: true } }, { connectors: [wallet] });
    await modal.connect('w');
    const events: string[] = [];
    modal.on('ERROR', ({ event }) => events.push(event));
    await expect(modal.grantPermissions(grant)).rejects.toMatchObject({ code: 4001 });
    expect(events).toEqual(['GRANT_PERMISSIONS_ERROR']);
  });
});

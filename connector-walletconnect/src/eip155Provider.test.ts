import { describe, expect, it } from 'vitest';
import type { SessionChannel } from './channel.js';
import { createEip155Provider } from './eip155Provider.js';
import type { ApprovedNamespace } from './namespaces.js';

const ADDRESS = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc';

/** A session's channel with the wallet's answers scripted; records what went to the wallet and to the node. */
function channel(approval: Partial<ApprovedNamespace>, answer: (method: string) => unknown = () => '0xsigned') {
  const calls: string[] = [];
  let current: ApprovedNamespace | undefined = {
    chains: ['eip155:31337', 'eip155:31338'],
    methods: ['personal_sign', 'eth_sendTransaction', 'wallet_switchEthereumChain'],
    events: ['chainChanged', 'accountsChanged'],
    addresses: [ADDRESS],
    accounts: [`eip155:31337:${ADDRESS}`, `eip155:31338:${ADDRESS}`],
    ...approval,
  };
  const session: SessionChannel & { set(next: Partial<ApprovedNamespace>): void } = {
    approved: () => current,
    async request(method, _params, chainId) {
      calls.push(`wallet ${chainId} ${method}`);
      const result = answer(method);
      if (result instanceof Error) throw result;
      return result;
    },
    async read(method, _params, chainId) {
      calls.push(`node ${chainId} ${method}`);
      return '0x1';
    },
    set(next) {
      current = current && { ...current, ...next };
    },
  };
  return { session, calls, end: () => (current = undefined) };
}

describe('the eip155 provider over a WalletConnect session', () => {
  it('answers accounts and chain from the session, sends approved wallet methods over it and reads to the node', async () => {
    const { session, calls } = channel({});
    const provider = createEip155Provider(session, 31337);
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([ADDRESS]);
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69');
    expect(await provider.request({ method: 'personal_sign', params: ['0x68', ADDRESS] })).toBe('0xsigned');
    expect(await provider.request({ method: 'eth_getBalance', params: [ADDRESS, 'latest'] })).toBe('0x1');
    expect(calls).toEqual(['wallet eip155:31337 personal_sign', 'node eip155:31337 eth_getBalance']);
  });

  it('refuses a wallet method the wallet did not approve (4200), without sending it', async () => {
    const { session, calls } = channel({});
    const provider = createEip155Provider(session, 31337);
    await expect(provider.request({ method: 'eth_signTypedData_v4', params: [] })).rejects.toMatchObject({ code: 4200 });
    await expect(provider.request({ method: 'wallet_getCallsStatus', params: ['0x1'] })).rejects.toMatchObject({ code: 4200 });
    expect(calls).toEqual([]);
  });

  it("maps the wallet's WalletConnect rejection (5000) to EIP-1193's 4001", async () => {
    const rejected = Object.assign(new Error('User rejected.'), { code: 5000 });
    const provider = createEip155Provider(channel({}, () => rejected).session, 31337);
    await expect(provider.request({ method: 'personal_sign', params: ['0x68', ADDRESS] })).rejects.toMatchObject({ code: 4001 });
  });

  it('switches to a chain of the session here and emits chainChanged; the next request carries it', async () => {
    const { session, calls } = channel({});
    const provider = createEip155Provider(session, 31337);
    const changes: unknown[] = [];
    provider.on('chainChanged', (id) => changes.push(id));
    expect(await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })).toBeNull();
    expect(changes).toEqual(['0x7a6a']);
    await provider.request({ method: 'personal_sign', params: ['0x68', ADDRESS] });
    expect(calls).toEqual(['wallet eip155:31338 personal_sign']);
  });

  it('asks the wallet for a chain outside the session; 4902 unless the wallet added it', async () => {
    const { session, calls } = channel({}, () => null);
    const provider = createEip155Provider(session, 31337);
    await expect(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] })).rejects.toMatchObject({
      code: 4902,
    });
    expect(calls).toEqual(['wallet eip155:31337 wallet_switchEthereumChain']);

    const adding = channel({}, () => null);
    const added = createEip155Provider(adding.session, 31337);
    const ask = added.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] });
    adding.session.set({ chains: ['eip155:31337', 'eip155:31338', 'eip155:1'] });
    expect(await ask).toBeNull();
    expect(await added.request({ method: 'eth_chainId' })).toBe('0x1');

    const noSwitch = createEip155Provider(channel({ methods: ['personal_sign'] }).session, 31337);
    await expect(noSwitch.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] })).rejects.toMatchObject({
      code: 4902,
    });
  });

  it('follows the wallet: chainChanged to a session chain, accountsChanged; a removed listener hears nothing', async () => {
    const { session } = channel({});
    const provider = createEip155Provider(session, 31337);
    const heard: string[] = [];
    const onChain = (id: unknown) => heard.push(`chain ${String(id)}`);
    provider.on('chainChanged', onChain);
    provider.on('accountsChanged', (accounts) => heard.push(`accounts ${String(accounts)}`));
    provider.walletEvent('chainChanged', 31338);
    provider.walletEvent('chainChanged', 999); // not in the session: ignored
    provider.walletEvent('accountsChanged', undefined);
    provider.removeListener('chainChanged', onChain);
    provider.walletEvent('chainChanged', 31337);
    expect(heard).toEqual(['chain 0x7a6a', `accounts ${ADDRESS}`]);
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69');
  });

  it('revoking permissions is left to the connector, and a gone session has no accounts', async () => {
    const { session, end } = channel({});
    const provider = createEip155Provider(session, 31337);
    expect(await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })).toBeNull();
    end();
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([]);
  });
});

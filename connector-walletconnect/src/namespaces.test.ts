import type { CaipNetwork } from '@latch/kernel';
import { describe, expect, it } from 'vitest';
import { approvedNamespaces, NAMESPACE_METHODS, proposalNamespaces } from './namespaces.js';

function network(caipNetworkId: string, rpc: string): CaipNetwork {
  return {
    id: caipNetworkId,
    caipNetworkId,
    chainNamespace: caipNetworkId.split(':')[0],
    name: caipNetworkId,
    nativeCurrency: { name: 'x', symbol: 'X', decimals: 18 },
    rpcUrls: { default: { http: [rpc] } },
  } as unknown as CaipNetwork;
}

const devnet = network('eip155:31337', 'http://127.0.0.1:8545');
const devnet2 = network('eip155:31338', 'http://127.0.0.1:8546');
const solanaLocal = network('solana:LatchLoca1So1anaGenesisHash11111', 'http://127.0.0.1:8899');

describe('proposalNamespaces', () => {
  it('asks per namespace for wallet methods only, the chain events, every configured chain and an rpcMap from their RPC URLs', () => {
    const { namespaces, optionalNamespaces } = proposalNamespaces({ namespaces: { eip155: [devnet, devnet2], solana: [solanaLocal] } });
    expect(namespaces).toEqual({});
    expect(optionalNamespaces.eip155).toEqual({
      chains: ['eip155:31337', 'eip155:31338'],
      methods: [...(NAMESPACE_METHODS.eip155 ?? [])],
      events: ['chainChanged', 'accountsChanged'],
      rpcMap: { 31337: 'http://127.0.0.1:8545', 31338: 'http://127.0.0.1:8546' },
    });
    expect(optionalNamespaces.solana).toMatchObject({
      chains: ['solana:LatchLoca1So1anaGenesisHash11111'],
      events: [],
      rpcMap: { LatchLoca1So1anaGenesisHash11111: 'http://127.0.0.1:8899' },
    });
    expect(optionalNamespaces.solana?.methods).toContain('solana_signMessage');
    // Reads never go through the session: no eth_call, eth_getBalance, eth_chainId… in the requested methods.
    for (const ns of Object.values(optionalNamespaces)) {
      expect(ns.methods.filter((m) => /^eth_(call|get|chainId|accounts|blockNumber|estimateGas)/.test(m))).toEqual([]);
    }
  });

  it('puts required namespaces under `namespaces`, and leaves out namespaces with no network or no bridge', () => {
    const result = proposalNamespaces({ namespaces: { eip155: [devnet], solana: [], toy: [network('toy:1', 'http://127.0.0.1:9')] } }, [
      'eip155',
    ]);
    expect(Object.keys(result.namespaces)).toEqual(['eip155']);
    expect(result.optionalNamespaces).toEqual({});
  });
});

describe('approvedNamespaces', () => {
  it('reads accounts, chains and methods per namespace, dropping malformed or foreign accounts', () => {
    const approved = approvedNamespaces({
      eip155: {
        accounts: ['eip155:31337:0xabc', 'eip155:31338:0xabc', 'solana:x:y', 'garbage', 42],
        chains: ['eip155:31337'],
        methods: ['personal_sign', 7],
        events: ['chainChanged'],
      },
      solana: { accounts: [], methods: ['solana_signMessage'] },
      cosmos: null,
    });
    expect(Object.keys(approved)).toEqual(['eip155']);
    expect(approved.eip155).toEqual({
      chains: ['eip155:31337', 'eip155:31338'],
      methods: ['personal_sign'],
      events: ['chainChanged'],
      addresses: ['0xabc'],
      accounts: ['eip155:31337:0xabc', 'eip155:31338:0xabc'],
    });
    expect(approvedNamespaces(undefined)).toEqual({});
  });
});

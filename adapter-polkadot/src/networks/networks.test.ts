import { isCaipNetworkId, parseCaipNetworkId } from '@latch/kernel';
import { describe, expect, it } from 'vitest';
import { invalidOption } from '../../../scripts/test-support/latchErrors.js';
import {
  createPolkadotLocalnet,
  kusama,
  kusamaAssetHub,
  type PolkadotLocalnetOptions,
  polkadot,
  polkadotAssetHub,
  polkadotCaipNetworkId,
  westend,
} from './index.js';

const GENESIS = {
  polkadot: '0x91b171bb158e2d3848fa23a9f1c25182fb8e20313b2c1eb49219da7a70ce90c3',
  kusama: '0xb0a8d493285c2df73290dfb7e61f870f17b41801197a149ca93654499ea3dafe',
  westend: '0xe143f23803ac50e8f6f8e62695d1ce9e4e1d68aa36c1cd2cfd15340213f3423e',
  polkadotAssetHub: '0x68d56f15f85d3136970ec16946040bc1752654e906147f7e43e9d539d7c3de2f',
  kusamaAssetHub: '0x48239ef607d7928874027a43a67689209727dfb3d3dc5e5b03a39bdc2eda771a',
};

describe('Polkadot network definitions', () => {
  it.each([
    [polkadot.name, polkadot, GENESIS.polkadot, 'DOT', 10, 0, false],
    [kusama.name, kusama, GENESIS.kusama, 'KSM', 12, 2, false],
    [westend.name, westend, GENESIS.westend, 'WND', 12, 42, true],
    [polkadotAssetHub.name, polkadotAssetHub, GENESIS.polkadotAssetHub, 'DOT', 10, 0, false],
    [kusamaAssetHub.name, kusamaAssetHub, GENESIS.kusamaAssetHub, 'KSM', 12, 2, false],
  ] as const)(
    '%s: CAIP-13 id from its genesis hash, currency, SS58 format, wss RPC',
    (_, network, genesis, symbol, decimals, ss58, testnet) => {
      expect(network.caipNetworkId).toBe(polkadotCaipNetworkId(genesis));
      expect(parseCaipNetworkId(network.caipNetworkId)).toEqual({ namespace: 'polkadot', reference: network.id });
      expect(network.chainNamespace).toBe('polkadot');
      expect(network.nativeCurrency).toMatchObject({ symbol, decimals });
      expect(network.ss58Format).toBe(ss58);
      expect(network.testnet).toBe(testnet);
      expect(network.rpcUrls.default.webSocket[0]).toMatch(/^wss:\/\//);
      expect(network.rpcUrls.default.http[0]).toMatch(/^https:\/\//);
      expect(network.blockExplorers.default.url).toMatch(/^https:\/\/[a-z-]+\.subscan\.io$/);
    },
  );

  it('polkadotCaipNetworkId takes the first 32 hex characters, lower case, and refuses anything but a 32-byte hash', () => {
    expect(polkadotCaipNetworkId(GENESIS.polkadot.toUpperCase().replace('0X', '0x'))).toBe('polkadot:91b171bb158e2d3848fa23a9f1c25182');
    for (const bad of ['', '0x1234', GENESIS.polkadot.slice(2), `${GENESIS.polkadot}00`, `0x${'zz'.repeat(32)}`]) {
      expect(() => polkadotCaipNetworkId(bad), bad).toThrow(invalidOption(`genesisHash must be 0x and 64 hex characters (got "${bad}")`));
    }
  });
});

describe('createPolkadotLocalnet', () => {
  const genesisHash = `0x${'45'.repeat(32)}`;

  it('points at a local node by WebSocket, with Substrate dev-chain defaults; not a testnet, so balances show', () => {
    expect(createPolkadotLocalnet({ rpcUrl: 'ws://127.0.0.1:8000', genesisHash })).toEqual({
      id: '45'.repeat(16),
      name: 'Polkadot Localnet',
      caipNetworkId: `polkadot:${'45'.repeat(16)}`,
      chainNamespace: 'polkadot',
      nativeCurrency: { name: 'UNIT', symbol: 'UNIT', decimals: 12 },
      rpcUrls: { default: { http: ['http://127.0.0.1:8000'], webSocket: ['ws://127.0.0.1:8000'] } },
      testnet: false,
      ss58Format: 42,
    });
    const chopsticks = createPolkadotLocalnet({
      rpcUrl: 'wss://node.local',
      genesisHash,
      name: 'Fork',
      decimals: 10,
      symbol: 'DOT',
      ss58Format: 0,
    });
    expect(chopsticks).toMatchObject({ name: 'Fork', nativeCurrency: { symbol: 'DOT', decimals: 10 }, ss58Format: 0 });
    expect(chopsticks.rpcUrls.default.http).toEqual(['https://node.local']);
    expect(isCaipNetworkId(chopsticks.caipNetworkId)).toBe(true);
  });

  it('refuses a non-WebSocket URL, a bad genesis hash, and bad names, decimals or formats', () => {
    const ok = { rpcUrl: 'ws://127.0.0.1:8000', genesisHash };
    const refused: [Partial<PolkadotLocalnetOptions>, string][] = [
      [{ rpcUrl: 'http://127.0.0.1:8000' }, 'rpcUrl must be a ws(s) URL (got "http://127.0.0.1:8000")'],
      [{ rpcUrl: 'not a url' }, 'rpcUrl must be a ws(s) URL (got "not a url")'],
      [{ name: ' ' }, 'name must be a non-empty string'],
      [{ symbol: '' }, 'symbol must be a non-empty string'],
      [{ decimals: -1 }, 'decimals must be an integer 0 to 36'],
      [{ decimals: 1.5 }, 'decimals must be an integer 0 to 36'],
      [{ ss58Format: 46 }, 'ss58Format must be an unreserved integer 0 to 16383 (got 46)'],
      [{ ss58Format: 16_384 }, 'ss58Format must be an unreserved integer 0 to 16383 (got 16384)'],
    ];
    for (const [bad, message] of refused) {
      expect(() => createPolkadotLocalnet({ ...ok, ...bad }), JSON.stringify(bad)).toThrow(invalidOption(message));
    }
    expect(() => createPolkadotLocalnet({ ...ok, genesisHash: '0x12' })).toThrow(
      invalidOption('genesisHash must be 0x and 64 hex characters (got "0x12")'),
    );
  });
});

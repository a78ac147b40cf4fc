import type { CaipNetwork } from '@latch/kernel';
import { describe, expect, it } from 'vitest';
import { GENERIC_SS58_FORMAT, ss58FormatOf } from './networkInfo.js';
import { kusama, kusamaAssetHub, polkadot, polkadotAssetHub, westend } from './networks/relayChains.js';

describe('ss58FormatOf', () => {
  it("knows each packaged network's format by its id, even when a copy of the network lost `ss58Format`", () => {
    for (const network of [polkadot, kusama, westend, polkadotAssetHub, kusamaAssetHub]) {
      const { ss58Format, ...withoutFormat } = network;
      expect(ss58FormatOf(network), network.name).toBe(ss58Format);
      expect(ss58FormatOf(withoutFormat as CaipNetwork), network.name).toBe(ss58Format);
    }
  });

  it("prefers the network's own format, and falls back to generic Substrate", () => {
    expect(ss58FormatOf({ ...polkadot, ss58Format: 7 } as CaipNetwork)).toBe(7);
    expect(ss58FormatOf({ ...polkadot, ss58Format: 46 } as CaipNetwork)).toBe(0);
    expect(
      ss58FormatOf({
        ...polkadot,
        caipNetworkId: 'polkadot:00000000000000000000000000000000',
        ss58Format: undefined,
      } as unknown as CaipNetwork),
    ).toBe(GENERIC_SS58_FORMAT);
  });
});

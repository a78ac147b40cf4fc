import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import type { ApiPromise } from '@polkadot/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPolkadotChain, startPolkadotChain, type PolkadotChain } from './chain.js';
import { createMockPolkadotExtension, polkadotAddressFromUri } from '@latch/testkit';

// A chopsticks node of the file's own: it tests the start and the stop (about 6 s and 7 CPU s to start, ~300 MB).
let chain: PolkadotChain;
beforeAll(async () => {
  chain = await startPolkadotChain();
});
afterAll(() => chain?.stop());

const UNIT = 10n ** 12n;
const address = (uri: string) => polkadotAddressFromUri(uri, chain.ss58Format);

/**
 * Sends `api.tx.balances.transferKeepAlive` signed through the extension; resolves the dispatch outcome once in a block.
 * chopsticks builds and finalises the block at once, and a busy client can see `Finalized` without the `InBlock` before
 * it: either status means the transfer is in a block.
 */
function transfer(api: ApiPromise, from: string, to: string, amount: bigint, signer: object): Promise<string> {
  return new Promise((resolve, reject) => {
    api.tx.balances!.transferKeepAlive!(to, amount)
      .signAndSend(from, { signer }, (result) => {
        if (result.status.isInBlock || result.status.isFinalized) resolve(result.dispatchError ? result.dispatchError.toString() : 'ok');
      })
      .catch(reject);
  });
}

describe('startPolkadotChain', () => {
  it('runs Rococo Asset Hub on a free loopback port: genesis, CAIP-2 id, SS58 format 2, 12-decimal ROC', async () => {
    expect(chain.rpcUrl).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);
    expect(chain.genesisHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(chain.genesisHash).toBe((await chain.api.rpc.chain.getBlockHash(0)).toHex());
    expect(chain.caipNetworkId).toBe(`polkadot:${chain.genesisHash.slice(2, 34)}`);
    expect([chain.ss58Format, chain.decimals, chain.symbol]).toEqual([2, 12, 'ROC']);
    expect(chain.existentialDeposit).toBeGreaterThan(0n);
    expect(chain.api.runtimeVersion.specName.toString()).toBe('statemine');
  });

  it('funds accounts by adding to their free balance, keeping their nonce', async () => {
    const dave = await address('//FixtureDave');
    expect(await chain.balanceOf(dave)).toBe(0n);
    await chain.fund(dave, 5n * UNIT);
    await chain.fund(dave, 2n * UNIT);
    expect(await chain.balanceOf(dave)).toBe(7n * UNIT);
    const extension = await createMockPolkadotExtension({ key: 'polkadot-js', accounts: [{ uri: '//FixtureDave' }] });
    const { signer } = await extension.entry.enable('fixture test');
    expect(await transfer(chain.api, dave, await address('//FixtureErin'), UNIT, signer)).toBe('ok');
    await chain.fund(dave, UNIT);
    expect((await chain.api.rpc.system.accountNextIndex(dave)).toNumber()).toBe(1);
  });

  it("runs the real runtime: the extension's signPayload lands a transfer, a declined one sends nothing, a forged one is refused", async () => {
    const [frank, grace] = [await address('//FixtureFrank'), await address('//FixtureGrace')];
    await chain.fund(frank, 10n * UNIT);
    const extension = await createMockPolkadotExtension({ key: 'talisman', accounts: [{ uri: '//FixtureFrank' }] });
    const { signer } = await extension.entry.enable('fixture test');
    expect(await transfer(chain.api, frank, grace, 3n * UNIT, signer)).toBe('ok');
    expect(await chain.balanceOf(grace)).toBe(3n * UNIT);
    expect(await chain.balanceOf(frank)).toBeLessThan(7n * UNIT); // the amount and a real fee
    extension.setFailure('rejectSign', true);
    await expect(transfer(chain.api, frank, grace, UNIT, signer)).rejects.toThrow('Cancelled');
    extension.setFailure('rejectSign', false);
    const forged = {
      async signPayload(payload: object) {
        const signed = await signer.signPayload(payload as never);
        const flipped = (Number.parseInt(signed.signature.slice(40, 42), 16) ^ 1).toString(16).padStart(2, '0');
        return { ...signed, signature: `${signed.signature.slice(0, 40)}${flipped}${signed.signature.slice(42)}` };
      },
    };
    await expect(transfer(chain.api, frank, grace, UNIT, forged)).rejects.toThrow(/badProof/);
    expect(await chain.balanceOf(grace)).toBe(3n * UNIT);
  });

  it('connectPolkadotChain: a second client on the running node sees the same chain, and its stop leaves the node serving', async () => {
    const client = await connectPolkadotChain(chain.rpcUrl);
    const heidi = await address('//FixtureHeidi');
    try {
      expect([client.genesisHash, client.caipNetworkId, client.ss58Format, client.existentialDeposit]).toEqual([
        chain.genesisHash,
        chain.caipNetworkId,
        chain.ss58Format,
        chain.existentialDeposit,
      ]);
      expect('directory' in client).toBe(false);
      await client.fund(heidi, 4n * UNIT);
      expect(await chain.balanceOf(heidi)).toBe(4n * UNIT);
    } finally {
      await client.stop();
      await client.stop();
    }
    await expect(client.api.rpc.system.accountNextIndex(heidi)).rejects.toThrow(/disconnected|not connected/i);
    expect(existsSync(chain.directory)).toBe(true);
    expect(await chain.balanceOf(heidi)).toBe(4n * UNIT);
  });

  it('stops: the port closes, the temporary folder goes, and stopping again is harmless', async () => {
    const port = Number(new URL(chain.rpcUrl).port);
    const listening = () =>
      new Promise<boolean>((resolve) => {
        const socket = connect(port, '127.0.0.1');
        socket.once('connect', () => (socket.destroy(), resolve(true)));
        socket.once('error', () => resolve(false));
      });
    expect(await listening()).toBe(true);
    // Only this chain's folder: other test files may run their own chopsticks at the same time.
    expect(existsSync(chain.directory)).toBe(true);
    await chain.stop();
    await chain.stop();
    expect(await listening()).toBe(false);
    expect(existsSync(chain.directory)).toBe(false);
  });
});

import { createPublicClient, http, parseAbi, recoverMessageAddress, zeroAddress } from 'viem';
import { parseSiweMessage, verifySiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BareAnvilFixture, startAnvil } from '../anvil.js';
import {
  deployFarcasterIdRegistry,
  FARCASTER_ID_REGISTRY_ADDRESS,
  FARCASTER_KEY_REGISTRY_ADDRESS,
  type FarcasterIdRegistry,
} from './idRegistry.js';
import { type FarcasterRelay, startFarcasterRelay } from './relay.js';
import { createFarcasterSigner } from './signer.js';

const REGISTRY_ABI = parseAbi([
  'function custodyOf(uint256 fid) view returns (address)',
  'function idOf(address custody) view returns (uint256)',
  'struct KeyData { uint8 state; uint32 keyType; }',
  'function keyDataOf(uint256 fid, bytes key) view returns (KeyData)',
]);

let anvil: BareAnvilFixture;
let relay: FarcasterRelay;
let registry: FarcasterIdRegistry;

const account = (index: number) => {
  const found = anvil.accounts[index];
  if (!found) throw new Error(`no anvil account ${index}`);
  return found;
};

beforeAll(async () => {
  anvil = await startAnvil({ deploy: false });
  registry = await deployFarcasterIdRegistry(anvil, { 7: account(1).address }, { authAddresses: { 7: [account(3).address] } });
  relay = await startFarcasterRelay({ rpcUrl: anvil.rpcUrl });
});
afterAll(async () => {
  await relay?.close();
  await anvil?.stop();
});

describe('the Farcaster Id Registry on anvil', () => {
  it('answers custodyOf, idOf and keyDataOf at the real OP mainnet addresses', async () => {
    const client = createPublicClient({ transport: http(anvil.rpcUrl) });
    const read = (functionName: 'custodyOf' | 'idOf', arg: bigint | `0x${string}`) =>
      client.readContract({ address: FARCASTER_ID_REGISTRY_ADDRESS, abi: REGISTRY_ABI, functionName, args: [arg as never] });
    expect(await read('custodyOf', 7n)).toBe(account(1).address);
    expect(await read('idOf', account(1).address)).toBe(7n);
    expect(await read('idOf', account(2).address)).toBe(0n);
    const keyData = (address: `0x${string}`) =>
      client.readContract({
        address: FARCASTER_KEY_REGISTRY_ADDRESS,
        abi: REGISTRY_ABI,
        functionName: 'keyDataOf',
        args: [7n, `0x${address.slice(2).toLowerCase().padStart(64, '0')}`],
      });
    expect(await keyData(account(3).address)).toEqual({ state: 1, keyType: 2 });
    expect(await keyData(account(1).address)).toEqual({ state: 0, keyType: 0 });

    await registry.setCustody(7, account(2).address);
    expect(await read('custodyOf', 7n)).toBe(account(2).address);
    expect(await read('idOf', account(2).address)).toBe(7n);
    expect(await read('idOf', account(1).address)).toBe(0n);
    await registry.setCustody(7, account(1).address);
    expect(await read('custodyOf', 8n)).toBe(zeroAddress);
  });

  it('refuses a fid that is not a positive integer', async () => {
    await expect(registry.setCustody(0, account(1).address)).rejects.toThrow('fid must be a positive integer, got 0');
  });
});

describe('the Farcaster app stand-in (signer)', () => {
  async function openChannel() {
    const response = await fetch(`${relay.url}/v1/channel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ siweUri: 'http://127.0.0.1:9999/', domain: '127.0.0.1:9999', expirationTime: '2099-01-01T00:00:00.000Z' }),
    });
    return (await response.json()) as { channelToken: string; url: string; nonce: string };
  }

  it('signs a Sign In With Farcaster message for the request with the custody key', async () => {
    const channel = await openChannel();
    const signer = createFarcasterSigner({ relayUrl: relay.url, fid: 7, username: 'seven', custodyPrivateKey: account(1).privateKey });
    expect(await signer.readRequest(channel.url)).toMatchObject({
      channelToken: channel.channelToken,
      nonce: channel.nonce,
      domain: '127.0.0.1:9999',
    });
    const { message, signature } = await signer.approve(channel.url);
    const parsed = parseSiweMessage(message);
    expect(parsed).toMatchObject({
      domain: '127.0.0.1:9999',
      address: account(1).address,
      statement: 'Farcaster Auth',
      uri: 'http://127.0.0.1:9999/',
      version: '1',
      chainId: 10,
      nonce: channel.nonce,
      resources: ['farcaster://fid/7'],
    });
    expect(parsed.expirationTime?.toISOString()).toBe('2099-01-01T00:00:00.000Z');
    const client = createPublicClient({ transport: http(anvil.rpcUrl) });
    expect(await verifySiweMessage(client, { message, signature, nonce: channel.nonce, domain: '127.0.0.1:9999' })).toBe(true);

    const status = await fetch(`${relay.url}/v1/channel/status`, { headers: { authorization: `Bearer ${channel.channelToken}` } });
    expect(status.status).toBe(200);
    // The relay reads the custody from the Id Registry, as the real one does on OP mainnet.
    expect(await status.json()).toMatchObject({ state: 'completed', fid: 7, custody: account(1).address, verifications: [] });
  });

  it('signs with another key or other values when told to (bad input for verifiers)', async () => {
    const channel = await openChannel();
    const signer = createFarcasterSigner({ relayUrl: relay.url, fid: 7, custodyPrivateKey: account(1).privateKey });
    const { message, signature } = await signer.approve(channel.url, {
      signWith: account(4).privateKey,
      override: { domain: 'evil.example', nonce: 'othernonce123456' },
    });
    expect(await recoverMessageAddress({ message, signature })).toBe(account(4).address);
    expect(parseSiweMessage(message)).toMatchObject({
      domain: 'evil.example',
      nonce: 'othernonce123456',
      resources: ['farcaster://fid/7'],
    });
  });

  it('names a URL that is not a connect URL', async () => {
    const signer = createFarcasterSigner({ relayUrl: relay.url, fid: 7, custodyPrivateKey: account(1).privateKey });
    await expect(signer.approve('https://farcaster.xyz/~/siwf')).rejects.toThrow(
      'not a Sign In With Farcaster connect URL (no channelToken)',
    );
  });
});

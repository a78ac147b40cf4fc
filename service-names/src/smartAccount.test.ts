// @vitest-environment node
import { type BareAnvilFixture, ownerWalletContracts, startAnvil } from '@latch/devnet';
import { type Address, createPublicClient, createWalletClient, defineChain, getAddress, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coinTypeOfChain, createRegistrationMessage } from '@latch/feature-names/protocol';
import { type RunningNameService, startNameService } from './startNameService.js';

const SUFFIX = 'smart.test';
let anvil: BareAnvilFixture;
let smartAccount: Address;
const services: RunningNameService[] = [];

beforeAll(async () => {
  anvil = await startAnvil({ deploy: false });
  const chain = defineChain({
    id: anvil.chainId,
    name: 'anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.rpcUrl] } },
  });
  const owner = privateKeyToAccount(anvil.accounts[0]!.privateKey);
  const wallet = createWalletClient({ account: owner, chain, transport: http(anvil.rpcUrl) });
  const { OwnerWallet } = await ownerWalletContracts();
  const hash = await wallet.deployContract({ ...OwnerWallet, args: [owner.address] });
  smartAccount = (await createPublicClient({ transport: http(anvil.rpcUrl) }).waitForTransactionReceipt({ hash })).contractAddress!;
});
afterAll(async () => {
  await Promise.all(services.map((s) => s.stop()));
  await anvil?.stop();
});

async function registerSmartAccount(service: RunningNameService, label: string) {
  const coinType = coinTypeOfChain(anvil.chainId);
  const message = createRegistrationMessage({ name: `${label}.${SUFFIX}`, coinType, serviceUrl: service.url }, Date.now());
  // The smart account's owner signs; the account itself (ERC-1271) is the address that registers.
  const signature = await privateKeyToAccount(anvil.accounts[0]!.privateKey).signMessage({ message });
  const body = { coinType, address: smartAccount, signature, message };
  return fetch(`${service.url}/v1/names`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

describe('smart-account signatures (ERC-1271)', () => {
  it("are accepted through the chain's RPC when one is configured, refused offline otherwise", async () => {
    const withRpc = await startNameService({ suffix: SUFFIX, rpcUrls: { [anvil.chainId]: anvil.rpcUrl } });
    const offline = await startNameService({ suffix: SUFFIX });
    services.push(withRpc, offline);
    const refused = await registerSmartAccount(offline, 'safe1');
    expect(refused.status).toBe(401);
    const accepted = await registerSmartAccount(withRpc, 'safe1');
    expect(accepted.status).toBe(201);
    expect(await accepted.json()).toMatchObject({
      addresses: { [String(coinTypeOfChain(anvil.chainId))]: { address: getAddress(smartAccount) } },
    });
  });
});

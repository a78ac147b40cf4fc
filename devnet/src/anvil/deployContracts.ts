import {
  createWalletClient,
  defineChain,
  getAddress,
  http,
  parseEther,
  parseUnits,
  publicActions,
  toHex,
  type Address,
  type Chain,
  type Hash,
  type PublicActions,
  type Transport,
  type WalletClient,
} from 'viem';
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { jsonRpcRequest } from '@latch/testkit';
import type { AnvilAccount } from '@latch/testkit';
import { DEMO_NFT, DEMO_TOKEN, DEMO_TOKEN_MAIN_BALANCE, DEMO_TOKEN_SIDE_BALANCE, loadCompiledContract } from './demoContracts.js';
import { MULTICALL3_ADDRESS, MULTICALL3_DEPLOYER, MULTICALL3_PRESIGNED_TRANSACTION } from './multicall3Deployment.js';

export interface AnvilContracts {
  /** Undefined when the chain was started without it (`multicall3: false`). */
  readonly multicall3?: Address;
  readonly token: Address;
  readonly nft: Address;
}

export type AnvilWalletClient = WalletClient<Transport, Chain, PrivateKeyAccount> & PublicActions<Transport, Chain, PrivateKeyAccount>;

/** A viem wallet client (with public actions) for `account` on a running anvil, polling every 50 ms. */
export function anvilWalletClient(rpcUrl: string, chainId: number, account: AnvilAccount): AnvilWalletClient {
  const chain = defineChain({
    id: chainId,
    name: 'Anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  return createWalletClient({
    account: privateKeyToAccount(account.privateKey),
    chain,
    transport: http(rpcUrl, { retryCount: 0 }),
    pollingInterval: 50,
  }).extend(publicActions);
}

/** The address of the contract a mined deployment created; throws when it failed. */
export async function deployedAddress(client: AnvilWalletClient, hash: Hash, what: string): Promise<Address> {
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`deploying ${what} failed (tx ${hash})`);
  return getAddress(receipt.contractAddress);
}

/** Multicall3 at its canonical address, from the presigned transaction every chain uses. */
async function deployMulticall3(client: AnvilWalletClient, rpcUrl: string): Promise<Address> {
  await jsonRpcRequest(rpcUrl, 'anvil_setBalance', [MULTICALL3_DEPLOYER, toHex(parseEther('0.1'))]);
  const hash = await client.sendRawTransaction({ serializedTransaction: MULTICALL3_PRESIGNED_TRANSACTION });
  const address = await deployedAddress(client, hash, 'Multicall3');
  if (address !== MULTICALL3_ADDRESS) throw new Error(`Multicall3 landed at ${address}, expected ${MULTICALL3_ADDRESS}`);
  return address;
}

/**
 * Multicall3 (unless left out), the LDT token and the LNFT collection; account 0 deploys the last two, so their addresses
 * are the same on every fresh anvil, with or without Multicall3 (its own deployer sends it).
 */
export async function deployContracts(
  rpcUrl: string,
  chainId: number,
  accounts: readonly AnvilAccount[],
  { multicall3: withMulticall3 = true }: { multicall3?: boolean } = {},
): Promise<AnvilContracts> {
  const [main, ...others] = accounts;
  if (!main) throw new Error('no anvil account to deploy from');
  const client = anvilWalletClient(rpcUrl, chainId, main);
  const multicall3 = withMulticall3 ? await deployMulticall3(client, rpcUrl) : undefined;

  const token = await loadCompiledContract('LatchDemoToken');
  const holders = [main.address, ...others.slice(0, 3).map((account) => account.address)];
  const amounts = holders.map((_, index) =>
    parseUnits(String(index === 0 ? DEMO_TOKEN_MAIN_BALANCE : DEMO_TOKEN_SIDE_BALANCE), DEMO_TOKEN.decimals),
  );
  const tokenHash = await client.deployContract({ abi: token.abi, bytecode: token.bytecode, args: [holders, amounts] });
  const tokenAddress = await deployedAddress(client, tokenHash, DEMO_TOKEN.name);

  const nft = await loadCompiledContract('LatchDemoNft');
  const nftHash = await client.deployContract({
    abi: nft.abi,
    bytecode: nft.bytecode,
    args: [main.address, BigInt(DEMO_NFT.tokenIds.length)],
  });
  const nftAddress = await deployedAddress(client, nftHash, DEMO_NFT.name);

  return { ...(multicall3 ? { multicall3 } : {}), token: tokenAddress, nft: nftAddress };
}

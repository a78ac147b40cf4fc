import { type Address, concat, encodeAbiParameters, getAddress, type Hex, keccak256, pad, toHex, zeroAddress } from 'viem';
import type { BareAnvilFixture } from '../anvil.js';
import type { AnvilAccount } from '@latch/testkit';
import { anvilWalletClient, deployedAddress } from '../anvil/deployContracts.js';
import { type CompiledContract, loadCompiledContract } from '../anvil/demoContracts.js';
import { jsonRpcRequest } from '@latch/testkit';

/** Farcaster's IdRegistry on OP mainnet: auth-client's `viemConnector` reads `idOf(custody)` here. */
export const FARCASTER_ID_REGISTRY_ADDRESS: Address = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b';
/** Farcaster's KeyRegistry on OP mainnet: auth-client reads `keyDataOf(fid, abi.encode(signer))` for auth addresses. */
export const FARCASTER_KEY_REGISTRY_ADDRESS: Address = '0x00000000Fc1237824fb747aBDE0FF18990E59b7e';

/** KeyRegistry values that make auth-client accept a signer as an auth address. */
const KEY_STATE_ADDED = 1;
const KEY_TYPE_AUTH_ADDRESS = 2;

export interface FarcasterIdRegistryOptions {
  /** Auth addresses (KeyRegistry keyType 2, state added) per fid, accepted by verifiers with `acceptAuthAddress`. */
  authAddresses?: Readonly<Record<number, readonly Address[]>>;
}

/** The two registries at their real addresses on a local anvil, and the writes a test needs. */
export interface FarcasterIdRegistry {
  readonly idRegistry: Address;
  readonly keyRegistry: Address;
  /** Gives `fid` to `custody` (as a transfer would: the previous custody no longer owns it). */
  setCustody(fid: number, custody: Address): Promise<void>;
  /** Adds an auth address to `fid` in the KeyRegistry. */
  addAuthAddress(fid: number, authAddress: Address): Promise<void>;
}

const slotOf = (key: Hex, mappingSlot: bigint): Hex => keccak256(concat([key, pad(toHex(mappingSlot), { size: 32 })]));
const fidKey = (fid: number): Hex => pad(toHex(BigInt(fid)), { size: 32 });
const addressKey = (address: Address): Hex => pad(address, { size: 32 });

async function installAt(fixture: BareAnvilFixture, contract: CompiledContract, target: Address, what: string) {
  // Deploy normally, then copy the runtime code to the fixed mainnet address (no constructor runs there).
  const wallet = anvilWalletClient(fixture.rpcUrl, fixture.chainId, fixture.accounts[0] as AnvilAccount);
  const hash = await wallet.deployContract({ abi: contract.abi, bytecode: contract.bytecode });
  const deployed = await deployedAddress(wallet, hash, what);
  const code = (await jsonRpcRequest(fixture.rpcUrl, 'eth_getCode', [deployed, 'latest'])) as Hex;
  await jsonRpcRequest(fixture.rpcUrl, 'anvil_setCode', [target, code]);
}

/**
 * Puts a read-only Farcaster IdRegistry (`custodyOf(uint256)`, `idOf(address)`) and KeyRegistry (`keyDataOf`)
 * at their real OP mainnet addresses on a running anvil, compiled with solc-js from
 * devnet/contracts/FarcasterRegistries.sol, and registers each `fid → custody`. Point auth-client's
 * `viemConnector({ rpcUrl: anvil.rpcUrl })` at the node and it verifies Sign In With Farcaster against them.
 */
export async function deployFarcasterIdRegistry(
  anvil: BareAnvilFixture,
  custodies: Readonly<Record<number, Address>>,
  options: FarcasterIdRegistryOptions = {},
): Promise<FarcasterIdRegistry> {
  await installAt(anvil, await loadCompiledContract('FarcasterIdRegistry'), FARCASTER_ID_REGISTRY_ADDRESS, 'FarcasterIdRegistry');
  await installAt(anvil, await loadCompiledContract('FarcasterKeyRegistry'), FARCASTER_KEY_REGISTRY_ADDRESS, 'FarcasterKeyRegistry');

  const store = (address: Address, slot: Hex, value: Hex) => jsonRpcRequest(anvil.rpcUrl, 'anvil_setStorageAt', [address, slot, value]);

  async function setCustody(fid: number, custody: Address) {
    if (!Number.isSafeInteger(fid) || fid < 1) throw new TypeError(`deployFarcasterIdRegistry: fid must be a positive integer, got ${fid}`);
    const custodySlot = slotOf(fidKey(fid), 0n);
    const previous = (await jsonRpcRequest(anvil.rpcUrl, 'eth_getStorageAt', [
      FARCASTER_ID_REGISTRY_ADDRESS,
      custodySlot,
      'latest',
    ])) as Hex;
    const previousCustody = getAddress(`0x${previous.slice(-40)}`);
    if (previousCustody !== zeroAddress) await store(FARCASTER_ID_REGISTRY_ADDRESS, slotOf(addressKey(previousCustody), 1n), fidKey(0));
    await store(FARCASTER_ID_REGISTRY_ADDRESS, custodySlot, addressKey(getAddress(custody)));
    await store(FARCASTER_ID_REGISTRY_ADDRESS, slotOf(addressKey(getAddress(custody)), 1n), fidKey(fid));
  }

  async function addAuthAddress(fid: number, authAddress: Address) {
    // keys[fid][abi.encode(authAddress)]: a bytes key hashes unpadded, after the inner mapping's slot.
    const inner = slotOf(fidKey(fid), 0n);
    const slot = keccak256(concat([encodeAbiParameters([{ type: 'address' }], [authAddress]), inner]));
    // KeyData packs state (uint8) in the lowest byte and keyType (uint32) above it.
    await store(FARCASTER_KEY_REGISTRY_ADDRESS, slot, pad(toHex(KEY_STATE_ADDED | (KEY_TYPE_AUTH_ADDRESS << 8)), { size: 32 }));
  }

  for (const [fid, custody] of Object.entries(custodies)) await setCustody(Number(fid), custody);
  for (const [fid, addresses] of Object.entries(options.authAddresses ?? {}))
    for (const address of addresses) await addAuthAddress(Number(fid), address);
  return { idRegistry: FARCASTER_ID_REGISTRY_ADDRESS, keyRegistry: FARCASTER_KEY_REGISTRY_ADDRESS, setCustody, addAuthAddress };
}

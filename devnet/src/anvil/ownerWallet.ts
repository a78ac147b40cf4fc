import { type CompiledContract, loadCompiledContract } from './demoContracts.js';

/**
 * A minimal smart account for sign-in tests (contracts/OwnerWallet.sol): `OwnerWallet(owner)` answers ERC-1271 for
 * hashes its owner signed, and `OwnerWalletFactory.deploy(owner, salt)` creates one with CREATE2, so an account can
 * sign before it exists (ERC-6492). Compiled with the devnet's other contracts (dist/contracts.json).
 */
export async function ownerWalletContracts(): Promise<{ OwnerWallet: CompiledContract; OwnerWalletFactory: CompiledContract }> {
  const [OwnerWallet, OwnerWalletFactory] = await Promise.all([
    loadCompiledContract('OwnerWallet'),
    loadCompiledContract('OwnerWalletFactory'),
  ]);
  return { OwnerWallet, OwnerWalletFactory };
}

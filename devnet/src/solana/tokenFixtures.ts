import { address, generateKeyPairSigner, lamports, none, some, type Address } from '@solana/kit';
import {
  AccountState,
  findAssociatedTokenPda,
  getMintDecoder,
  getMintEncoder,
  getTokenEncoder,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import type { LiteSVM } from 'litesvm';
import { decodeTokenAccount, isMintAccount, isTokenAccount } from './tokenAccounts.js';

export interface CreateMintOptions {
  decimals: number;
  /** Defaults to a fresh key nobody holds: the fixture mints by writing accounts, not by signing. */
  mintAuthority?: string;
}

export interface MintToOptions {
  mint: string;
  owner: string;
  amount: bigint;
}

function writeTokenProgramAccount(svm: LiteSVM, accountAddress: Address, data: Uint8Array): void {
  svm.setAccount({
    address: accountAddress,
    data,
    executable: false,
    lamports: lamports(svm.minimumBalanceForRentExemption(BigInt(data.length))),
    programAddress: TOKEN_PROGRAM_ADDRESS,
    space: BigInt(data.length),
  });
}

/** Writes an initialised SPL Token mint at a fresh address, with no supply and no freeze authority. */
export async function createMintAccount(svm: LiteSVM, options: CreateMintOptions): Promise<Address> {
  if (!Number.isInteger(options.decimals) || options.decimals < 0 || options.decimals > 255) {
    throw new Error(`createMint: decimals must be an integer from 0 to 255, got ${options.decimals}`);
  }
  const [mint, authority] = await Promise.all([
    generateKeyPairSigner(),
    options.mintAuthority === undefined ? generateKeyPairSigner().then((signer) => signer.address) : address(options.mintAuthority),
  ]);
  const data = getMintEncoder().encode({
    mintAuthority: some(authority),
    supply: 0n,
    decimals: options.decimals,
    isInitialized: true,
    freezeAuthority: none(),
  });
  writeTokenProgramAccount(svm, mint.address, new Uint8Array(data));
  return mint.address;
}

/**
 * Credits `amount` to the owner's associated token account (creating it when missing) and raises the mint's supply,
 * exactly as a MintTo instruction would leave them.
 */
export async function mintTokens(svm: LiteSVM, options: MintToOptions): Promise<Address> {
  const mintAddress = address(options.mint);
  const owner = address(options.owner);
  if (options.amount < 0n) throw new Error('mintTo: amount must not be negative');
  const mintAccount = svm.getAccount(mintAddress);
  if (!mintAccount.exists || !isMintAccount(mintAccount)) throw new Error(`mintTo: ${options.mint} is not an SPL Token mint`);

  const [tokenAccountAddress] = await findAssociatedTokenPda({ mint: mintAddress, owner, tokenProgram: TOKEN_PROGRAM_ADDRESS });
  const existing = svm.getAccount(tokenAccountAddress);
  const balance = existing.exists && isTokenAccount(existing) ? decodeTokenAccount(existing).amount : 0n;
  const token = getTokenEncoder().encode({
    mint: mintAddress,
    owner,
    amount: balance + options.amount,
    delegate: none(),
    state: AccountState.Initialized,
    isNative: none(),
    delegatedAmount: 0n,
    closeAuthority: none(),
  });
  writeTokenProgramAccount(svm, tokenAccountAddress, new Uint8Array(token));

  const mint = getMintDecoder().decode(mintAccount.data);
  writeTokenProgramAccount(svm, mintAddress, new Uint8Array(getMintEncoder().encode({ ...mint, supply: mint.supply + options.amount })));
  return tokenAccountAddress;
}

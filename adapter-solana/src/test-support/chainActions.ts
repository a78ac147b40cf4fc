import {
  address,
  appendTransactionMessageInstructions,
  createKeyPairSignerFromPrivateKeyBytes,
  type createSolanaRpc,
  createTransactionMessage,
  getBase16Encoder,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';

/*
 * Transactions a test signs itself with a real key, outside the wallet: the other side of a transfer, and
 * failing transactions the wallet's preflight would refuse (they land only with skipPreflight, as on a real cluster).
 */

export type ChainRpc = ReturnType<typeof createSolanaRpc>;

export function signerOf(seedHex: string): Promise<KeyPairSigner> {
  return createKeyPairSignerFromPrivateKeyBytes(new Uint8Array(getBase16Encoder().encode(seedHex)));
}

async function signed(rpc: ChainRpc, payer: KeyPairSigner, instructions: readonly Instruction[]) {
  const { value: blockhash } = await rpc.getLatestBlockhash().send();
  return signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (message) => setTransactionMessageFeePayerSigner(payer, message),
      (message) => setTransactionMessageLifetimeUsingBlockhash(blockhash, message),
      (message) => appendTransactionMessageInstructions(instructions, message),
    ),
  );
}

/** Signs and sends; resolves with the signature once the local chain has it (it lands at once). */
export async function submit(rpc: ChainRpc, payer: KeyPairSigner, instructions: readonly Instruction[], skipPreflight = false) {
  const transaction = await signed(rpc, payer, instructions);
  return rpc.sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: 'base64', skipPreflight }).send();
}

/** The signature of a transaction that is signed but never sent: it can only expire. */
export async function unsentSignature(rpc: ChainRpc, payer: KeyPairSigner): Promise<string> {
  return getSignatureFromTransaction(await signed(rpc, payer, [solTransfer(payer, payer.address, 1n)]));
}

export function solTransfer(from: KeyPairSigner, to: string, amount: bigint): Instruction {
  return getTransferSolInstruction({ source: from, destination: address(to), amount: lamports(amount) });
}

/** transferChecked between the two owners' associated token accounts, creating the receiver's. */
export async function tokenTransfer(
  from: KeyPairSigner,
  to: string,
  mint: string,
  amount: bigint,
  decimals: number,
): Promise<Instruction[]> {
  const seeds = { mint: address(mint), tokenProgram: TOKEN_PROGRAM_ADDRESS };
  const [[source], [destination]] = await Promise.all([
    findAssociatedTokenPda({ ...seeds, owner: from.address }),
    findAssociatedTokenPda({ ...seeds, owner: address(to) }),
  ]);
  return [
    getCreateAssociatedTokenIdempotentInstruction({ payer: from, ata: destination, owner: address(to), mint: address(mint) }),
    getTransferCheckedInstruction({ source, mint: address(mint), destination, authority: from, amount, decimals }),
  ];
}

import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase64Decoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit';
import type { Instruction, NoopSigner, Transaction, TransactionMessageBytesBase64 } from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import {
  TOKEN_PROGRAM_ADDRESS,
  fetchMint,
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
} from '@solana-program/token';
import { LatchError } from '@latch/kernel';
import type { TransferRequest } from '@latch/kernel';
import type { SolanaTransactionVersion } from '@solana/wallet-standard-features';
import type { NetworkRpc } from './client.js';

/** Moves SPL tokens between the two owners' associated token accounts, creating the receiver's if needed. */
async function tokenTransferInstructions(rpc: NetworkRpc, sender: NoopSigner, request: TransferRequest): Promise<Instruction[]> {
  const mintAddress = address(request.token as string);
  const mint = await fetchMint(rpc, mintAddress);
  // transferChecked below speaks the classic Token program; a Token-2022 mint would fail on chain.
  if (mint.programAddress !== TOKEN_PROGRAM_ADDRESS) {
    throw new LatchError('Invalid transfer token: not an SPL Token mint', { category: 'VALIDATION_ERROR' });
  }
  const receiver = address(request.to);
  const seeds = { mint: mintAddress, tokenProgram: TOKEN_PROGRAM_ADDRESS };
  const [[source], [destination]] = await Promise.all([
    findAssociatedTokenPda({ ...seeds, owner: sender.address }),
    findAssociatedTokenPda({ ...seeds, owner: receiver }),
  ]);
  return [
    getCreateAssociatedTokenIdempotentInstruction({ payer: sender, ata: destination, owner: receiver, mint: mintAddress }),
    getTransferCheckedInstruction({
      source,
      mint: mintAddress,
      destination,
      authority: sender,
      amount: request.amount,
      decimals: mint.data.decimals,
    }),
  ];
}

/**
 * The unsigned transfer, compiled: the sender pays the fee and signs; the wallet adds the signature. A
 * no-op signer stands in for the wallet so the program clients mark the sender as a signer.
 */
export async function compileTransfer(rpc: NetworkRpc, request: TransferRequest, version: SolanaTransactionVersion): Promise<Transaction> {
  const sender = createNoopSigner(address(request.from));
  const instructions = request.token
    ? await tokenTransferInstructions(rpc, sender, request)
    : [getTransferSolInstruction({ source: sender, destination: address(request.to), amount: request.amount })];
  const { value: latestBlockhash } = await rpc.getLatestBlockhash().send();
  const message = pipe(
    createTransactionMessage({ version }),
    (draft) => setTransactionMessageFeePayer(sender.address, draft),
    (draft) => setTransactionMessageLifetimeUsingBlockhash(latestBlockhash, draft),
    (draft) => appendTransactionMessageInstructions(instructions, draft),
  );
  return compileTransaction(message);
}

/** The network fee for the transfer in lamports (getFeeForMessage: 5000 per signature on a default cluster). */
export async function estimateTransferFee(rpc: NetworkRpc, request: TransferRequest): Promise<bigint> {
  const transaction = await compileTransfer(rpc, request, 'legacy');
  const message = getBase64Decoder().decode(transaction.messageBytes) as TransactionMessageBytesBase64;
  const { value } = await rpc.getFeeForMessage(message).send();
  if (typeof value !== 'bigint') throw new LatchError('The node could not price the transaction', { category: 'RPC_ERROR' });
  return value;
}

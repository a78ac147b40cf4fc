// Transactions the Solana tests send: built and signed with @solana/kit exactly as an app would.
import {
  appendTransactionMessageInstructions,
  createSolanaRpc,
  devnet,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  lamports,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  compileTransaction,
  getTransactionEncoder,
  type Address,
  type Instruction,
  type KeyPairSigner,
  type TransactionSigner,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';

/** A kit RPC client for the local endpoint; devnet() only brands the URL so test-cluster methods (requestAirdrop) are typed. */
export function createLocalRpc(rpcUrl: string) {
  return createSolanaRpc(devnet(rpcUrl));
}

export type LocalRpc = ReturnType<typeof createLocalRpc>;

export async function latestBlockhash(rpc: LocalRpc) {
  return (await rpc.getLatestBlockhash().send()).value;
}

/** A v0 transaction paying with `feePayer`, signed by every signer its instructions name. */
export async function signedTransaction(rpc: LocalRpc, feePayer: KeyPairSigner, instructions: readonly Instruction[]) {
  const blockhash = await latestBlockhash(rpc);
  return signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (message) => setTransactionMessageFeePayerSigner(feePayer, message),
      (message) => setTransactionMessageLifetimeUsingBlockhash(blockhash, message),
      (message) => appendTransactionMessageInstructions(instructions, message),
    ),
  );
}

export function transferSol(source: TransactionSigner, destination: Address, amount: bigint): Instruction {
  return getTransferSolInstruction({ source, destination, amount: lamports(amount) });
}

export async function signedSolTransfer(rpc: LocalRpc, from: KeyPairSigner, to: Address, amount: bigint) {
  return getBase64EncodedWireTransaction(await signedTransaction(rpc, from, [transferSol(from, to, amount)]));
}

/** Wire bytes of an unsigned transfer from `from`, as an app hands it to a wallet to sign. */
export async function unsignedSolTransfer(
  rpc: LocalRpc,
  from: Address,
  to: Address,
  amount: bigint,
  version: 0 | 'legacy' = 0,
): Promise<Uint8Array> {
  const blockhash = await latestBlockhash(rpc);
  const noop = { address: from, signTransactions: async () => [] } as unknown as TransactionSigner;
  const message = pipe(
    createTransactionMessage({ version }),
    (draft) => setTransactionMessageFeePayer(from, draft),
    (draft) => setTransactionMessageLifetimeUsingBlockhash(blockhash, draft),
    (draft) =>
      appendTransactionMessageInstructions([getTransferSolInstruction({ source: noop, destination: to, amount: lamports(amount) })], draft),
  );
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)));
}

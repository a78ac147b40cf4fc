import { ed25519 } from '@noble/curves/ed25519';
import {
  appendTransactionMessageInstruction,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getAddressDecoder,
  getTransactionEncoder,
  lamports,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Blockhash,
  type SignatureBytes,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import type { LiteSVM } from 'litesvm';

/** What the faucet starts with: a billion SOL, like litesvm's own airdrop account. */
const FAUCET_LAMPORTS = 1_000_000_000n * 1_000_000_000n;

export interface Faucet {
  readonly address: Address;
  /** Wire bytes of a signed legacy system transfer from the faucet, as a real cluster's faucet sends it. */
  transfer(recipient: Address, amount: bigint, blockhash: string, lastValidBlockHeight: bigint): Uint8Array;
}

/**
 * A funded key of the ledger's own whose airdrops are ordinary signed transactions, so they land in the
 * history (getSignaturesForAddress, getTransaction) like any other. Signing is synchronous (noble's ed25519)
 * because the fixture's `airdrop` is.
 */
export function createFaucet(svm: LiteSVM): Faucet {
  const secret = ed25519.utils.randomPrivateKey();
  const faucet = getAddressDecoder().decode(ed25519.getPublicKey(secret));
  svm.setAccount({
    address: faucet,
    data: new Uint8Array(),
    executable: false,
    lamports: lamports(FAUCET_LAMPORTS),
    programAddress: '11111111111111111111111111111111' as Address,
    space: 0n,
  });
  const payer = createNoopSigner(faucet);
  return {
    address: faucet,
    transfer(recipient, amount, blockhash, lastValidBlockHeight) {
      const compiled = compileTransaction(
        pipe(
          createTransactionMessage({ version: 'legacy' }),
          (message) => setTransactionMessageFeePayer(faucet, message),
          (message) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: blockhash as Blockhash, lastValidBlockHeight }, message),
          (message) =>
            appendTransactionMessageInstruction(
              getTransferSolInstruction({ source: payer, destination: recipient, amount: lamports(amount) }),
              message,
            ),
        ),
      );
      const signature = ed25519.sign(new Uint8Array(compiled.messageBytes), secret) as SignatureBytes;
      return new Uint8Array(getTransactionEncoder().encode({ ...compiled, signatures: { [faucet]: signature } }));
    },
  };
}

import { FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from 'litesvm';
import { getBase58Decoder, getBase64Decoder, getAddressDecoder, type Address, type EncodedAccount, type Signature } from '@solana/kit';
import { createFaucet, type Faucet } from './faucet.js';
import {
  describeTransactionError,
  describeTransactionErrorName,
  type DescribedTransactionError,
  type TransactionErrorJson,
} from './transactionError.js';
import { readTransactionTokenBalances, type TransactionTokenBalance } from './transactionTokenBalances.js';
import { decodeWireTransaction, transactionFee, type CompiledMessage, type DecodedTransaction } from './wireTransaction.js';

/** A blockhash stays usable for 150 blocks after the block that produced it, as on a real cluster. */
export const BLOCKHASH_VALIDITY_BLOCKS = 150n;
const FIRST_SLOT = 1n;

export interface LedgerTransaction {
  readonly signature: string;
  readonly slot: bigint;
  readonly blockTime: number;
  readonly err: TransactionErrorJson | null;
  readonly logs: readonly string[];
  readonly fee: bigint;
  readonly unitsConsumed: bigint;
  readonly wire: {
    readonly bytes: Uint8Array;
    readonly message: CompiledMessage;
    readonly preBalances: readonly bigint[];
    readonly postBalances: readonly bigint[];
    readonly preTokenBalances: readonly TransactionTokenBalance[];
    readonly postTokenBalances: readonly TransactionTokenBalance[];
    readonly innerInstructions: readonly RpcInnerInstructions[];
  };
}

export interface SimulationResult {
  readonly err: DescribedTransactionError | null;
  readonly logs: readonly string[];
  readonly unitsConsumed: bigint;
  readonly fee: bigint;
  readonly returnData: { programId: string; data: [string, 'base64'] } | null;
  readonly postAccounts: readonly EncodedAccount[];
  readonly innerInstructions: readonly RpcInnerInstructions[];
  /** litesvm refused it before running: a signature is missing or does not verify. */
  readonly signatureFailure: boolean;
}

/** The RPC's unparsed `innerInstructions` entry: the CPIs made by one top-level instruction. */
export interface RpcInnerInstructions {
  index: number;
  instructions: { programIdIndex: number; accounts: number[]; data: string; stackHeight: number }[];
}

export interface SimulationOptions {
  sigVerify: boolean;
  replaceRecentBlockhash: boolean;
}

/** Blocks, blockhashes and transaction history over a LiteSVM, which itself has none of them. */
export class LocalLedger {
  readonly svm: LiteSVM;
  #slot = FIRST_SLOT;
  #blockhashes: { blockhash: string; height: bigint }[] = [];
  readonly #transactions = new Map<string, LedgerTransaction>();
  readonly #faucet: Faucet;

  constructor(svm: LiteSVM = new LiteSVM()) {
    this.svm = svm;
    this.#faucet = createFaucet(svm);
    // The ledger checks blockhashes itself, so older ones stay valid for their 150 blocks.
    svm.withBlockhashCheck(false).warpToSlot(this.#slot);
    this.#blockhashes.push({ blockhash: svm.latestBlockhash(), height: this.#slot });
  }

  get slot(): bigint {
    return this.#slot;
  }

  /** One block per slot: no slot is ever skipped. */
  get blockHeight(): bigint {
    return this.#slot;
  }

  get transactionCount(): bigint {
    return BigInt(this.#transactions.size);
  }

  latestBlockhash(): { blockhash: string; lastValidBlockHeight: bigint } {
    const latest = this.#blockhashes.at(-1)!;
    return { blockhash: latest.blockhash, lastValidBlockHeight: latest.height + BLOCKHASH_VALIDITY_BLOCKS };
  }

  isBlockhashValid(blockhash: string): boolean {
    return this.#blockhashes.some((entry) => entry.blockhash === blockhash && entry.height + BLOCKHASH_VALIDITY_BLOCKS >= this.#slot);
  }

  transaction(signature: string): LedgerTransaction | undefined {
    return this.#transactions.get(signature);
  }

  /** Every landed transaction whose account keys include `address`, newest first (one per slot, so by slot). */
  transactionsOf(address: string): LedgerTransaction[] {
    return [...this.#transactions.values()].filter((record) => record.wire.message.staticAccounts.includes(address as Address)).reverse();
  }

  balance(address: Address): bigint {
    return this.svm.getBalance(address) ?? 0n;
  }

  simulate(decoded: DecodedTransaction, options: SimulationOptions): SimulationResult {
    const fee = transactionFee(decoded.message);
    const knownBlockhash = options.replaceRecentBlockhash || this.isBlockhashValid(decoded.message.lifetimeToken);
    this.svm.withSigverify(options.sigVerify);
    try {
      const outcome = this.#withBlockhashCheck(!knownBlockhash, () => this.svm.simulateTransaction(decoded.transaction));
      const meta = outcome.meta();
      const err = outcome instanceof FailedTransactionMetadata ? describeTransactionError(outcome) : null;
      return {
        err,
        logs: meta.logs(),
        unitsConsumed: meta.computeUnitsConsumed(),
        fee,
        returnData: returnDataOf(meta),
        postAccounts: outcome instanceof FailedTransactionMetadata ? [] : outcome.postAccounts(),
        innerInstructions: innerInstructionsOf(meta),
        signatureFailure: err?.json === 'SignatureFailure',
      };
    } catch (error) {
      // litesvm's wrapper throws before simulating when a required signature is absent
      if (!options.sigVerify) throw error;
      const err = describeTransactionErrorName('SignatureFailure');
      return { err, logs: [], unitsConsumed: 0n, fee, returnData: null, postAccounts: [], innerInstructions: [], signatureFailure: true };
    } finally {
      this.svm.withSigverify(true);
    }
  }

  /** Processes the transaction; returns its record when it landed (success or failure), undefined when dropped. */
  submit(decoded: DecodedTransaction): LedgerTransaction | undefined {
    const keys = decoded.message.staticAccounts;
    const preBalances = keys.map((key) => this.balance(key));
    const preTokenBalances = readTransactionTokenBalances(this.svm, keys);
    const alreadyKnown = this.#transactions.has(decoded.signature);
    let outcome: TransactionMetadata | FailedTransactionMetadata;
    try {
      outcome = this.#withBlockhashCheck(!this.isBlockhashValid(decoded.message.lifetimeToken), () =>
        this.svm.sendTransaction(decoded.transaction),
      );
    } catch {
      return undefined; // unsigned: the validator drops it
    }
    const failure = outcome instanceof FailedTransactionMetadata ? outcome : undefined;
    // A failed transaction landed (and paid its fee) only if litesvm kept it in its history.
    if (alreadyKnown || (failure && this.svm.getTransaction(decoded.signature as Signature) === null)) return undefined;
    const meta = failure ? failure.meta() : (outcome as TransactionMetadata);
    return this.#land({
      signature: decoded.signature,
      slot: this.#slot,
      blockTime: Math.floor(Date.now() / 1000),
      err: failure ? describeTransactionError(failure).json : null,
      logs: meta.logs(),
      fee: transactionFee(decoded.message),
      unitsConsumed: meta.computeUnitsConsumed(),
      wire: {
        bytes: decoded.bytes,
        message: decoded.message,
        preBalances,
        postBalances: keys.map((key) => this.balance(key)),
        preTokenBalances,
        postTokenBalances: readTransactionTokenBalances(this.svm, keys),
        innerInstructions: innerInstructionsOf(meta),
      },
    });
  }

  /** Credits lamports through a signed transfer from the ledger's faucet; throws when the runtime refuses it. */
  airdrop(address: Address, amount: bigint): LedgerTransaction {
    const { blockhash, lastValidBlockHeight } = this.latestBlockhash();
    const decoded = decodeWireTransaction(this.#faucet.transfer(address, amount, blockhash, lastValidBlockHeight));
    // A faucet checks before it sends: a refused airdrop leaves no failed transaction behind.
    const refusal = this.simulate(decoded, { sigVerify: true, replaceRecentBlockhash: false }).err;
    const record = refusal ? undefined : this.submit(decoded);
    if (!record || record.err !== null) {
      throw new Error(`airdrop of ${amount} lamports to ${address} failed: ${refusal?.message ?? 'the transaction did not land'}`);
    }
    return record;
  }

  #withBlockhashCheck<T>(check: boolean, run: () => T): T {
    if (!check) return run();
    // An unknown blockhash may still be a durable nonce: litesvm's own check knows those.
    this.svm.withBlockhashCheck(true);
    try {
      return run();
    } finally {
      this.svm.withBlockhashCheck(false);
    }
  }

  #land(record: LedgerTransaction): LedgerTransaction {
    this.#transactions.set(record.signature, record);
    this.#slot += 1n;
    this.svm.expireBlockhash();
    this.svm.warpToSlot(this.#slot);
    this.#blockhashes.push({ blockhash: this.svm.latestBlockhash(), height: this.#slot });
    this.#blockhashes = this.#blockhashes.filter((entry) => entry.height + BLOCKHASH_VALIDITY_BLOCKS >= this.#slot);
    return record;
  }
}

function returnDataOf(meta: TransactionMetadata): SimulationResult['returnData'] {
  const returnData = meta.returnData();
  const data = returnData.data();
  if (data.length === 0) return null;
  return { programId: getAddressDecoder().decode(returnData.programId()), data: [getBase64Decoder().decode(data), 'base64'] };
}

function innerInstructionsOf(meta: TransactionMetadata): RpcInnerInstructions[] {
  return meta
    .innerInstructions()
    .map((calls, index) => ({
      index,
      instructions: calls.map((call) => ({
        programIdIndex: call.instruction().programIdIndex(),
        accounts: [...call.instruction().accounts()],
        data: getBase58Decoder().decode(call.instruction().data()),
        stackHeight: call.stackHeight(),
      })),
    }))
    .filter((entry) => entry.instructions.length > 0);
}

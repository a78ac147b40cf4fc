import { sha256 } from '@cosmjs/crypto';
import { toBase64, toHex } from '@cosmjs/encoding';
import { TxMsgData } from 'cosmjs-types/cosmos/base/abci/v1beta1/abci';
import { SimulateResponse } from 'cosmjs-types/cosmos/tx/v1beta1/service';
import type { CosmosLedger, StoredTx, TxEvent } from './ledger.js';
import { CosmosSdkError, SDK_CODES } from './sdkError.js';
import { runAnte } from './txAnte.js';
import { decodeTx } from './txDecoding.js';
import { event, executeSends, gasUsedBy, sendResponsesData } from './txExecution.js';

export interface ChainRules {
  readonly chainId: string;
  readonly prefix: string;
}

/** What `broadcast_tx_sync` answers: the CheckTx outcome. */
export interface CheckTxResult {
  readonly code: number;
  readonly codespace: string;
  readonly log: string;
  readonly hash: string;
}

export const txHash = (bytes: Uint8Array) => toHex(sha256(bytes)).toUpperCase();

/**
 * CheckTx then, if it passes, DeliverTx in a block of its own (instant finality). A message that fails in DeliverTx
 * still lands with its code, its fee charged and its sequence used, as on a real chain.
 */
export function broadcastTx(ledger: CosmosLedger, bytes: Uint8Array, rules: ChainRules): CheckTxResult {
  const hash = txHash(bytes);
  if (ledger.txs.some((tx) => tx.hash === hash)) return { code: 19, codespace: 'sdk', log: 'tx already in mempool', hash };
  let decoded: ReturnType<typeof decodeTx>;
  let ante: ReturnType<typeof runAnte>;
  const sequences = new Map<string, bigint>();
  try {
    decoded = decodeTx(bytes);
    for (const send of decoded.sends) sequences.set(send.fromAddress, ledger.account(send.fromAddress)?.sequence ?? 0n);
    ante = runAnte(ledger, decoded, { ...rules, simulate: false });
  } catch (error) {
    if (error instanceof CosmosSdkError) return { code: error.code, codespace: error.codespace, log: error.log, hash };
    throw error;
  }
  const events: TxEvent[] = [
    event('tx', { fee: ante.fee.map((coin) => `${coin.amount}${coin.denom}`).join(','), fee_payer: ante.feePayer }),
    ...ante.signers.map((signer) => event('tx', { acc_seq: `${signer}/${sequences.get(signer)}` })),
    ...decoded.raw.signatures.map((signature) => event('tx', { signature: toBase64(signature) })),
  ];
  const gasWanted = decoded.authInfo.fee?.gasLimit ?? 0n;
  const gasNeeded = gasUsedBy(decoded.sends.length);
  let outcome: { code: number; log: string; gasUsed: bigint };
  if (gasWanted < gasNeeded) {
    const log = `out of gas in location: stand-in; gasWanted: ${gasWanted}, gasUsed: ${gasNeeded}: out of gas`;
    outcome = { code: SDK_CODES.outOfGas, log, gasUsed: gasWanted };
  } else {
    try {
      events.push(...executeSends(ledger, decoded.sends, rules.prefix));
      outcome = { code: 0, log: '', gasUsed: gasNeeded };
    } catch (error) {
      if (!(error instanceof CosmosSdkError)) throw error;
      outcome = { code: error.code, log: error.log, gasUsed: gasNeeded };
    }
  }
  const tx: StoredTx = {
    hash,
    height: ledger.latest.height + 1,
    index: 0,
    bytes,
    code: outcome.code,
    log: outcome.log,
    codespace: outcome.code === 0 ? '' : 'sdk',
    events,
    gasWanted,
    gasUsed: outcome.gasUsed,
    data: outcome.code === 0 ? sendResponsesData(decoded.sends.length) : new Uint8Array(),
    fee: ante.fee,
  };
  ledger.commitBlock([tx]);
  return { code: 0, codespace: '', log: '', hash };
}

/** The tx Service's Simulate: the whole transaction on a copy of the state, minus signatures; errors carry the SDK code. */
export function simulateTx(ledger: CosmosLedger, bytes: Uint8Array, rules: ChainRules): Uint8Array {
  const draft = ledger.snapshot();
  const decoded = decodeTx(bytes);
  runAnte(draft, decoded, { ...rules, simulate: true });
  const events = executeSends(draft, decoded.sends, rules.prefix);
  const data = sendResponsesData(decoded.sends.length);
  return SimulateResponse.encode(
    SimulateResponse.fromPartial({
      gasInfo: { gasWanted: decoded.authInfo.fee?.gasLimit ?? 0n, gasUsed: gasUsedBy(decoded.sends.length) },
      result: {
        data,
        log: '',
        events,
        msgResponses: TxMsgData.decode(data).msgResponses, // re-read, so the two fields cannot disagree
      },
    }),
  ).finish();
}

import { sha256 } from '@cosmjs/crypto';
import { toBase64, toHex } from '@cosmjs/encoding';
import type { CosmosBlock, CosmosLedger, StoredTx } from './ledger.js';

/** CosmJS's auto-detection picks its Comet38Client for a node reporting a 0.38.x version. */
export const COMET_VERSION = '0.38.17';

const hex32 = (seed: string) => toHex(sha256(new TextEncoder().encode(seed))).toUpperCase();
const EMPTY_HASH = hex32('');

/** The stand-in's fixed node and validator identity. */
export interface NodeIdentity {
  readonly nodeId: string;
  readonly validatorAddress: string;
  readonly validatorPubkey: string;
  readonly listenAddress: string;
}

export function nodeIdentity(chainId: string, port: number): NodeIdentity {
  return {
    nodeId: hex32(`node/${chainId}`).slice(0, 40).toLowerCase(),
    validatorAddress: hex32(`validator/${chainId}`).slice(0, 40),
    validatorPubkey: toBase64(sha256(new TextEncoder().encode(`validator-key/${chainId}`))),
    listenAddress: `tcp://127.0.0.1:${port}`,
  };
}

const appHash = (block: CosmosBlock) => hex32(`app/${block.hash}`);
const blockId = (block: CosmosBlock | undefined) =>
  block ? { hash: block.hash, parts: { total: 1, hash: hex32(`parts/${block.hash}`) } } : { hash: '', parts: { total: 0, hash: '' } };

export function statusResult(ledger: CosmosLedger, identity: NodeIdentity) {
  const latest = ledger.latest;
  const genesis = ledger.block(1) as CosmosBlock;
  return {
    node_info: {
      protocol_version: { p2p: '8', block: '11', app: '0' },
      id: identity.nodeId,
      listen_addr: identity.listenAddress,
      network: ledger.chainId,
      version: COMET_VERSION,
      channels: '40202122233038606100',
      moniker: 'latch-cosmos-stand-in',
      other: { tx_index: 'on', rpc_address: identity.listenAddress },
    },
    sync_info: {
      latest_block_hash: latest.hash,
      latest_app_hash: appHash(latest),
      latest_block_height: String(latest.height),
      latest_block_time: latest.time.toISOString(),
      earliest_block_hash: genesis.hash,
      earliest_app_hash: appHash(genesis),
      earliest_block_height: '1',
      earliest_block_time: genesis.time.toISOString(),
      catching_up: false,
    },
    validator_info: {
      address: identity.validatorAddress,
      pub_key: { type: 'tendermint/PubKeyEd25519', value: identity.validatorPubkey },
      voting_power: '10',
    },
  };
}

export function blockResult(ledger: CosmosLedger, block: CosmosBlock, identity: NodeIdentity) {
  const previous = ledger.block(block.height - 1);
  return {
    block_id: blockId(block),
    block: {
      header: {
        version: { block: '11', app: '0' },
        chain_id: ledger.chainId,
        height: String(block.height),
        time: block.time.toISOString(),
        last_block_id: blockId(previous),
        last_commit_hash: previous ? hex32(`commit/${previous.hash}`) : EMPTY_HASH,
        data_hash: hex32(`data/${block.txs.map((tx) => tx.hash).join(',')}`),
        validators_hash: hex32(`validators/${identity.validatorAddress}`),
        next_validators_hash: hex32(`validators/${identity.validatorAddress}`),
        consensus_hash: hex32('consensus'),
        app_hash: previous ? appHash(previous) : EMPTY_HASH,
        last_results_hash: EMPTY_HASH,
        evidence_hash: EMPTY_HASH,
        proposer_address: identity.validatorAddress,
      },
      data: { txs: block.txs.map((tx) => toBase64(tx.bytes)) },
      evidence: { evidence: [] },
      last_commit: { height: String(Math.max(block.height - 1, 0)), round: 0, block_id: blockId(previous), signatures: [] },
    },
  };
}

export function txResult(tx: StoredTx) {
  return {
    hash: tx.hash,
    height: String(tx.height),
    index: tx.index,
    tx_result: {
      code: tx.code,
      data: toBase64(tx.data),
      log: tx.log,
      info: '',
      gas_wanted: tx.gasWanted.toString(),
      gas_used: tx.gasUsed.toString(),
      events: tx.events,
      codespace: tx.codespace,
    },
    tx: toBase64(tx.bytes),
  };
}

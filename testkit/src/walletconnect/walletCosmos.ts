import type { StdSignDoc } from '@cosmjs/amino';
import { fromBase64, toBase64 } from '@cosmjs/encoding';
import { cosmosAddressOfPubkey } from '../cosmos/address.js';
import { signAminoDoc, signDirectDoc } from '../cosmos/wallet/walletSigning.js';
import { type WalletKey, walletKeyFrom } from '../cosmos/wallet/walletKey.js';
import type { WalletNamespace, WalletNamespaceFactory } from './walletNamespace.js';
import { invalidParams, unsupportedAccounts, unsupportedMethod, userRejected } from './walletRequestError.js';

/** The cosmos methods the test wallet approves and answers (Reown's "Cosmos RPC methods"). */
export const COSMOS_METHODS = ['cosmos_getAccounts', 'cosmos_signDirect', 'cosmos_signAmino'] as const;

/** The testkit's CometBFT stand-in's default chain id (`startCosmosChain()`). */
const LOCAL_CHAIN_ID = 'latch-local-1';
const CAIP5_DIRECT_REFERENCE = /^[-a-zA-Z0-9]{1,32}$/;
const BECH32_PREFIX = /^[a-z][a-z0-9]{0,82}$/;
const UINT = /^\d+$/;

function objectParam(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidParams(`${what} must be an object`);
  return value as Record<string, unknown>;
}

function base64Param(value: unknown, what: string): Uint8Array {
  if (typeof value !== 'string') throw invalidParams(`${what} must be base64 text`);
  try {
    return fromBase64(value);
  } catch {
    throw invalidParams(`${what} is not base64`);
  }
}

const isString = (value: unknown): value is string => typeof value === 'string';

/** A well-formed amino StdSignDoc (numbers as decimal strings), or an invalid-params refusal. */
function aminoSignDoc(value: unknown): StdSignDoc {
  const doc = objectParam(value, 'cosmos_signAmino: signDoc');
  const fee = objectParam(doc.fee, 'cosmos_signAmino: signDoc.fee');
  const coinsOk =
    Array.isArray(fee.amount) &&
    fee.amount.every((coin: unknown) => isString((coin as { denom?: unknown })?.denom) && isString((coin as { amount?: unknown })?.amount));
  const msgsOk = Array.isArray(doc.msgs) && doc.msgs.every((msg: unknown) => isString((msg as { type?: unknown })?.type));
  if (
    !isString(doc.chain_id) ||
    !isString(doc.account_number) ||
    !UINT.test(doc.account_number) ||
    !isString(doc.sequence) ||
    !UINT.test(doc.sequence) ||
    !isString(doc.memo) ||
    !msgsOk ||
    !coinsOk ||
    !isString(fee.gas)
  ) {
    throw invalidParams('cosmos_signAmino: signDoc is not an amino StdSignDoc (chain_id, account_number, sequence, fee, msgs, memo)');
  }
  return doc as unknown as StdSignDoc;
}

/** ADR-36 (what Keplr's signArbitrary signs): no chain, zero numbers and fee, one `sign/MsgSignData` by the signer. */
function isAdr36(doc: StdSignDoc, signer: string): boolean {
  const [msg, ...more] = doc.msgs;
  return (
    doc.chain_id === '' &&
    doc.account_number === '0' &&
    doc.sequence === '0' &&
    doc.memo === '' &&
    doc.fee.gas === '0' &&
    doc.fee.amount.length === 0 &&
    more.length === 0 &&
    msg?.type === 'sign/MsgSignData' &&
    (msg.value as { signer?: unknown } | undefined)?.signer === signer
  );
}

export interface CosmosWalletContext {
  readonly key: WalletKey;
  readonly chainId: string;
  readonly address: string;
}

/**
 * Answers one cosmos request with the wallet's real secp256k1 key: direct sign docs are signed as CosmJS signs them
 * (sha256 of the SignDoc protobuf, 64-byte r ‖ s), amino docs over their canonical JSON. The dapp broadcasts.
 */
export async function answerCosmosRequest(
  context: CosmosWalletContext,
  method: string,
  rawParams: unknown,
  rejectSigning: boolean,
): Promise<unknown> {
  if (method === 'cosmos_getAccounts') {
    return [{ algo: 'secp256k1', address: context.address, pubkey: toBase64(context.key.pubkey) }];
  }
  if (method !== 'cosmos_signDirect' && method !== 'cosmos_signAmino') throw unsupportedMethod(method);
  const params = objectParam(rawParams, `${method}: params`);
  if (params.signerAddress !== context.address) throw unsupportedAccounts(String(params.signerAddress));
  if (method === 'cosmos_signDirect') {
    const doc = objectParam(params.signDoc, 'cosmos_signDirect: signDoc');
    if (doc.chainId !== context.chainId) throw invalidParams(`cosmos_signDirect: signDoc.chainId must be ${context.chainId}`);
    if (!isString(doc.accountNumber) || !UINT.test(doc.accountNumber)) {
      throw invalidParams('cosmos_signDirect: signDoc.accountNumber must be a decimal string');
    }
    const signDoc = {
      chainId: context.chainId,
      accountNumber: BigInt(doc.accountNumber),
      authInfoBytes: base64Param(doc.authInfoBytes, 'cosmos_signDirect: signDoc.authInfoBytes'),
      bodyBytes: base64Param(doc.bodyBytes, 'cosmos_signDirect: signDoc.bodyBytes'),
    };
    if (rejectSigning) throw userRejected();
    const signed = { chainId: doc.chainId, accountNumber: doc.accountNumber, authInfoBytes: doc.authInfoBytes, bodyBytes: doc.bodyBytes };
    return { signature: signDirectDoc(signDoc, context.key), signed };
  }
  const signDoc = aminoSignDoc(params.signDoc);
  if (signDoc.chain_id !== context.chainId && !isAdr36(signDoc, context.address)) {
    throw invalidParams(`cosmos_signAmino: signDoc.chain_id must be ${context.chainId} (or an ADR-36 document)`);
  }
  if (rejectSigning) throw userRejected();
  return { signature: signAminoDoc(signDoc, context.key), signed: signDoc };
}

/** The cosmos namespace of the test wallet, when the options give it a key. */
export const createCosmosNamespace: WalletNamespaceFactory = async (options) => {
  if (!options.cosmos) return undefined;
  const { mnemonicOrPrivateKey, chainId = LOCAL_CHAIN_ID, bech32Prefix = 'cosmos' } = options.cosmos;
  if (!CAIP5_DIRECT_REFERENCE.test(String(chainId))) {
    throw new Error(`WalletConnect test wallet: cosmos.chainId must be 1 to 32 of a-z, A-Z, 0-9 and '-' (got "${String(chainId)}")`);
  }
  if (!BECH32_PREFIX.test(String(bech32Prefix))) {
    throw new Error(`WalletConnect test wallet: cosmos.bech32Prefix must be lower-case letters and digits (got "${String(bech32Prefix)}")`);
  }
  const keyFrom = async (secret: string, option: string): Promise<WalletKey> => {
    try {
      return await walletKeyFrom(secret);
    } catch (error) {
      throw new Error(
        `WalletConnect test wallet: ${option} must be 32 bytes of hex or a BIP-39 mnemonic (${error instanceof Error ? error.message : String(error)})`,
      );
    }
  };
  const contextOf = (key: WalletKey): CosmosWalletContext => ({ key, chainId, address: cosmosAddressOfPubkey(key.pubkey, bech32Prefix) });
  let context = contextOf(await keyFrom(mnemonicOrPrivateKey, 'cosmos.mnemonicOrPrivateKey'));
  const chain = `cosmos:${chainId}`;
  const namespace: WalletNamespace = {
    namespace: 'cosmos',
    chains: [chain],
    methods: [...COSMOS_METHODS],
    events: [],
    get address() {
      return context.address;
    },
    accounts: () => [`${chain}:${context.address}`],
    async switchAccount(secret) {
      context = contextOf(await keyFrom(secret, 'the cosmos key'));
      return context.address;
    },
    answer: (request, { rejectSigning }) => answerCosmosRequest(context, request.method, request.params, rejectSigning),
  };
  return namespace;
};

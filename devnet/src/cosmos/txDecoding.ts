import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx';
import { PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys';
import { AuthInfo, TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { CosmosSdkError, SDK_CODES } from './sdkError.js';

export const MSG_SEND_TYPE_URL = '/cosmos.bank.v1beta1.MsgSend';
const SECP256K1_PUBKEY_TYPE_URL = '/cosmos.crypto.secp256k1.PubKey';

export interface DecodedTx {
  readonly raw: TxRaw;
  readonly body: TxBody;
  readonly authInfo: AuthInfo;
  /** The transaction's messages: the stand-in executes bank MsgSend only. */
  readonly sends: readonly MsgSend[];
}

/** TxRaw → TxBody + AuthInfo + MsgSends, or the SDK's tx parse error. */
export function decodeTx(bytes: Uint8Array): DecodedTx {
  let raw: TxRaw;
  let body: TxBody;
  let authInfo: AuthInfo;
  try {
    raw = TxRaw.decode(bytes);
    body = TxBody.decode(raw.bodyBytes);
    authInfo = AuthInfo.decode(raw.authInfoBytes);
  } catch (error) {
    throw new CosmosSdkError(SDK_CODES.txDecode, `${error instanceof Error ? error.message : String(error)}: tx parse error`);
  }
  if (body.messages.length === 0) throw new CosmosSdkError(SDK_CODES.invalidRequest, 'must contain at least one message: invalid request');
  const sends = body.messages.map((message) => {
    if (message.typeUrl !== MSG_SEND_TYPE_URL) {
      throw new CosmosSdkError(SDK_CODES.txDecode, `unable to resolve type URL ${message.typeUrl}: tx parse error`);
    }
    return MsgSend.decode(message.value);
  });
  return { raw, body, authInfo, sends };
}

/** The compressed secp256k1 key a signer info carries, or undefined when it carries none. */
export function signerPubkey(publicKey: { typeUrl: string; value: Uint8Array } | undefined): Uint8Array | undefined {
  if (!publicKey) return undefined;
  if (publicKey.typeUrl !== SECP256K1_PUBKEY_TYPE_URL) {
    throw new CosmosSdkError(
      SDK_CODES.invalidPubKey,
      `the stand-in verifies secp256k1 keys only, not ${publicKey.typeUrl}: invalid pubkey`,
    );
  }
  const { key } = PubKey.decode(publicKey.value);
  if (key.length !== 33) throw new CosmosSdkError(SDK_CODES.invalidPubKey, 'a secp256k1 public key is 33 bytes: invalid pubkey');
  return key;
}

/** A coin amount: a non-negative integer string (the SDK's Int), else invalid coins. */
export function coinAmount(amount: string): bigint {
  if (typeof amount !== 'string' || !/^[0-9]{1,78}$/.test(amount)) {
    throw new CosmosSdkError(SDK_CODES.invalidCoins, `${JSON.stringify(amount)} is not a coin amount: invalid coins`);
  }
  return BigInt(amount);
}

import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto';
import { makeSignBytes, makeSignDoc } from '@cosmjs/proto-signing';
import { SignMode } from 'cosmjs-types/cosmos/tx/signing/v1beta1/signing';
import { cosmosAddressOfPubkey, isCosmosAddressWithPrefix } from '@latch/testkit';
import type { CosmosLedger } from './ledger.js';
import { CosmosSdkError, SDK_CODES } from './sdkError.js';
import { coinAmount, type DecodedTx, signerPubkey } from './txDecoding.js';

export interface AnteOptions {
  chainId: string;
  prefix: string;
  /** Simulation: signatures are empty and the sign mode unspecified, so neither is checked (as the SDK's simulate mode). */
  simulate: boolean;
}

export interface AnteResult {
  readonly signers: readonly string[];
  readonly feePayer: string;
  readonly fee: { denom: string; amount: bigint }[];
}

/** The signers the messages require, in order of first appearance (MsgSend: its sender). */
function requiredSigners(tx: DecodedTx, prefix: string): string[] {
  const signers: string[] = [];
  for (const send of tx.sends) {
    if (!isCosmosAddressWithPrefix(send.fromAddress, prefix)) {
      throw new CosmosSdkError(SDK_CODES.invalidAddress, `invalid from address ${JSON.stringify(send.fromAddress)}: invalid address`);
    }
    if (!signers.includes(send.fromAddress)) signers.push(send.fromAddress);
  }
  return signers;
}

function verifies(signature: Uint8Array | undefined, signBytes: Uint8Array, pubkey: Uint8Array): boolean {
  if (signature?.length !== 64) return false;
  try {
    return Secp256k1.verifySignature(Secp256k1Signature.fromFixedLength(signature), sha256(signBytes), pubkey);
  } catch {
    return false;
  }
}

/**
 * The SDK's ante handler for what the stand-in supports: signer count, accounts, public keys that hash to the
 * signers, sequences, SIGN_MODE_DIRECT signatures over `makeSignBytes` with this chain id and the account number,
 * and the fee debited from the payer. It changes state (fee, sequences, public keys) only when every check passes.
 */
export function runAnte(ledger: CosmosLedger, tx: DecodedTx, { chainId, prefix, simulate }: AnteOptions): AnteResult {
  const signers = requiredSigners(tx, prefix);
  const { signerInfos, fee } = tx.authInfo;
  if (signerInfos.length !== signers.length || (!simulate && tx.raw.signatures.length !== signers.length)) {
    throw new CosmosSdkError(
      SDK_CODES.unauthorized,
      `wrong number of signers; expected ${signers.length}, got ${signerInfos.length}: unauthorized`,
    );
  }
  const checked = signers.map((address, index) => {
    const account = ledger.account(address);
    if (!account) throw new CosmosSdkError(SDK_CODES.unknownAddress, `account ${address} not found: unknown address`);
    const info = signerInfos[index]!;
    const pubkey = signerPubkey(info.publicKey) ?? account.pubkey;
    if (!pubkey) throw new CosmosSdkError(SDK_CODES.invalidPubKey, `pubkey on account ${address} is not set: invalid pubkey`);
    if (cosmosAddressOfPubkey(pubkey, prefix) !== address) {
      throw new CosmosSdkError(
        SDK_CODES.invalidPubKey,
        `pubKey does not match signer address ${address} with signer index: ${index}: invalid pubkey`,
      );
    }
    if (info.sequence !== account.sequence) {
      throw new CosmosSdkError(
        SDK_CODES.wrongSequence,
        `account sequence mismatch, expected ${account.sequence}, got ${info.sequence}: incorrect account sequence`,
      );
    }
    if (!simulate) {
      if (info.modeInfo?.single?.mode !== SignMode.SIGN_MODE_DIRECT) {
        throw new CosmosSdkError(SDK_CODES.unauthorized, 'the stand-in verifies SIGN_MODE_DIRECT signatures only: unauthorized');
      }
      const signBytes = makeSignBytes(makeSignDoc(tx.raw.bodyBytes, tx.raw.authInfoBytes, chainId, Number(account.accountNumber)));
      if (!verifies(tx.raw.signatures[index], signBytes, pubkey)) {
        throw new CosmosSdkError(
          SDK_CODES.unauthorized,
          `signature verification failed; please verify account number (${account.accountNumber}), sequence (${account.sequence}) and chain-id (${chainId}): unauthorized`,
        );
      }
    }
    return { account, pubkey };
  });
  const feePayer = fee?.payer || signers[0]!;
  const feeCoins = (fee?.amount ?? []).map((coin) => ({ denom: coin.denom, amount: coinAmount(coin.amount) }));
  ledger.atomically(() => {
    for (const coin of feeCoins) {
      ledger.debit(feePayer, coin.denom, coin.amount, (held) => {
        return new CosmosSdkError(
          SDK_CODES.insufficientFunds,
          `${held}${coin.denom} is smaller than ${coin.amount}${coin.denom}: insufficient funds`,
        );
      });
    }
  });
  for (const { account, pubkey } of checked) {
    account.pubkey = pubkey;
    account.sequence += 1n;
  }
  return { signers, feePayer, fee: feeCoins };
}

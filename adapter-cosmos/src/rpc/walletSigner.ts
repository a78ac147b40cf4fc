import type { AccountData, DirectSignResponse, OfflineDirectSigner } from '@cosmjs/proto-signing';
import { readUntrustedProperty } from '@latch/kernel';
import type { SignDoc } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { malformedWalletAnswer, toWalletError } from '../wallet/walletErrors.js';

async function call(target: unknown, method: string, args: unknown[], walletName: string): Promise<unknown> {
  const fn = readUntrustedProperty(target, method);
  if (typeof fn !== 'function') throw malformedWalletAnswer(walletName, `offline signer (no ${method})`);
  try {
    return await Reflect.apply(fn, target, args);
  } catch (err) {
    throw toWalletError(err);
  }
}

const isBytes = (value: unknown, length?: number): value is Uint8Array =>
  value instanceof Uint8Array && (length === undefined || value.length === length);

function toAccount(entry: unknown): AccountData | undefined {
  const address = readUntrustedProperty(entry, 'address');
  const algo = readUntrustedProperty(entry, 'algo');
  const pubkey = readUntrustedProperty(entry, 'pubkey');
  if (typeof address !== 'string' || algo !== 'secp256k1' || !isBytes(pubkey, 33)) return undefined;
  return { address, algo, pubkey: Uint8Array.from(pubkey) };
}

/**
 * The wallet's `getOfflineSigner(chainId)` as CosmJS needs it, with every answer checked: CosmJS trusts its signer,
 * we do not trust the wallet. Its refusal to sign comes out as a 4001 LatchError.
 */
export function guardWalletSigner(walletSigner: unknown, walletName: string, chainId: string): OfflineDirectSigner {
  return {
    async getAccounts() {
      const accounts = await call(walletSigner, 'getAccounts', [], walletName);
      const parsed = Array.isArray(accounts) ? accounts.map(toAccount) : [];
      if (parsed.length === 0 || parsed.some((account) => account === undefined)) throw malformedWalletAnswer(walletName, 'account list');
      return parsed as AccountData[];
    },
    async signDirect(signerAddress: string, signDoc: SignDoc): Promise<DirectSignResponse> {
      const response = await call(walletSigner, 'signDirect', [signerAddress, signDoc], walletName);
      const signed = readUntrustedProperty(response, 'signed');
      const signature = readUntrustedProperty(response, 'signature');
      const bodyBytes = readUntrustedProperty(signed, 'bodyBytes');
      const authInfoBytes = readUntrustedProperty(signed, 'authInfoBytes');
      const accountNumber = readUntrustedProperty(signed, 'accountNumber');
      const pubKey = readUntrustedProperty(signature, 'pub_key');
      const value = readUntrustedProperty(signature, 'signature');
      if (
        !isBytes(bodyBytes) ||
        !isBytes(authInfoBytes) ||
        readUntrustedProperty(signed, 'chainId') !== chainId ||
        String(accountNumber) !== signDoc.accountNumber.toString() || // Keplr answers a bigint, older wallets a Long
        readUntrustedProperty(pubKey, 'type') !== 'tendermint/PubKeySecp256k1' ||
        typeof readUntrustedProperty(pubKey, 'value') !== 'string' ||
        typeof value !== 'string'
      ) {
        throw malformedWalletAnswer(walletName, 'signed transaction');
      }
      return {
        signed: { bodyBytes, authInfoBytes, chainId, accountNumber: signDoc.accountNumber },
        signature: { pub_key: { type: 'tendermint/PubKeySecp256k1', value: readUntrustedProperty(pubKey, 'value') }, signature: value },
      };
    },
  };
}

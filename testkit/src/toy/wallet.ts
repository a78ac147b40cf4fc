import { ed25519 } from '@noble/curves/ed25519';
import { hex } from '@scure/base';
import { isToyAddress, secretKeyBytes, toyAddressFromPublicKey } from './address.js';
import { CANONICAL_AMOUNT, TOY_CHAIN_REFERENCE, toyTransferMessage } from './protocol.js';
import { toyRpcRequest } from './rpcClient.js';
import { badInput, unauthorised, userRejected } from './walletError.js';
import { TOY_WALLET_INFO } from './walletInfo.js';
import { createAuthorisationStore } from './walletStore.js';
import type { ToyAccount, ToyWallet, ToyWalletEvents, ToyWalletFailure, ToyWalletOptions } from './walletTypes.js';

interface Key {
  secret: Uint8Array;
  address: string;
}

function keyOf(secretKeyHex: string): Key {
  const secret = secretKeyBytes(secretKeyHex);
  return { secret, address: toyAddressFromPublicKey(ed25519.getPublicKey(secret)) };
}

const DATA_IMAGE_URI = /^data:image\/svg\+xml[;,]/;

/**
 * A toy-namespace wallet with a real ed25519 key: it signs messages and transfers itself and submits transfers to
 * its toy chain. Works in Node and in a browser; the authorisation survives reloads through `localStorage`.
 */
export function createToyWallet(options: ToyWalletOptions): ToyWallet {
  let key = keyOf(options.secretKey);
  const icon = options.icon ?? TOY_WALLET_INFO.icon;
  if (!DATA_IMAGE_URI.test(icon)) throw new TypeError('A toy wallet icon must be a data:image/svg+xml URI');
  const info = Object.freeze({ id: options.id ?? TOY_WALLET_INFO.id, name: options.name ?? TOY_WALLET_INFO.name, icon });
  const authorisation = createAuthorisationStore(info.id);
  const failures: Record<ToyWalletFailure, boolean> = { rejectConnect: false, rejectSign: false };
  const listeners: { [E in keyof ToyWalletEvents]: Set<ToyWalletEvents[E]> } = { accountChanged: new Set(), disconnect: new Set() };

  const account = (): ToyAccount => ({ address: key.address, chainId: TOY_CHAIN_REFERENCE });
  const sign = (text: string) => hex.encode(ed25519.sign(new TextEncoder().encode(text), key.secret));
  const assertAuthorised = () => {
    if (!authorisation.read()) throw unauthorised();
  };
  // Listeners run after the current call returns, as a wallet's events arrive from another process.
  const emit = <E extends keyof ToyWalletEvents>(event: E, ...args: Parameters<ToyWalletEvents[E]>) => {
    const set = listeners[event] as Set<(...values: Parameters<ToyWalletEvents[E]>) => void>;
    for (const listener of [...set]) queueMicrotask(() => set.has(listener) && listener(...args));
  };

  return {
    info,
    get address() {
      return key.address;
    },

    async connect() {
      if (failures.rejectConnect) throw userRejected();
      authorisation.write(true);
      return account();
    },
    async getAccount() {
      return authorisation.read() ? account() : null;
    },
    async disconnect() {
      authorisation.write(false);
    },
    async signMessage(message) {
      if (typeof message !== 'string') throw badInput('the message must be a string');
      assertAuthorised();
      if (failures.rejectSign) throw userRejected();
      return sign(message);
    },
    async sendTransfer(request) {
      const to = (request as { to?: unknown } | null)?.to;
      const amount = (request as { amount?: unknown } | null)?.amount;
      if (!isToyAddress(to)) throw badInput(`'to' is not a toy address: ${JSON.stringify(to) ?? 'undefined'}`);
      if (typeof amount !== 'string' || !CANONICAL_AMOUNT.test(amount) || amount === '0') {
        throw badInput("'amount' must be a positive decimal integer string of the smallest unit");
      }
      assertAuthorised();
      if (failures.rejectSign) throw userRejected();
      const { address: from } = key;
      const nonce = await toyRpcRequest(options.rpcUrl, 'toy_getNonce', [from]);
      if (typeof nonce !== 'number') throw badInput(`the toy chain answered a nonce that is not a number: ${String(nonce)}`);
      const transfer = { from, to, amount, nonce };
      return (await toyRpcRequest(options.rpcUrl, 'toy_sendTransaction', [transfer, sign(toyTransferMessage(transfer))])) as string;
    },
    on(event, listener) {
      const set = listeners[event] as Set<typeof listener>;
      set.add(listener);
      return () => void set.delete(listener);
    },

    setFailure(failure, on) {
      if (!Object.hasOwn(failures, failure)) throw new TypeError(`Unknown toy wallet failure: ${String(failure)}`);
      failures[failure] = on;
    },
    disconnectFromWallet() {
      authorisation.write(false);
      emit('disconnect');
    },
    switchAccount(secretKeyHex) {
      key = keyOf(secretKeyHex);
      if (authorisation.read()) emit('accountChanged', account());
      return key.address;
    },
  };
}

import type { DeviceStore, StoredSession } from './deviceStore.js';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { privateKeyToAccount } from 'viem/accounts';
import { type FrameChannelMessage, walletProofMessage } from '@latch/connector-embedded/protocol';
import {
  addressesOf,
  combineShares,
  type DerivedKeys,
  decodeRecoverySecret,
  deriveKeys,
  encodeRecoverySecret,
  generateMasterSecret,
  shareFromBase64,
  shareToBase64,
  splitMasterSecret,
  type WalletAddresses,
} from '@latch/embedded-wallet-frame';
import { type ServiceClient, ServiceReplyError } from './serviceClient.js';

/*
 * The wallet's life in the frame (PROTOCOL §4): create (show the recovery secret, persist once it is saved),
 * rebuild the master secret for one request, and recover on a new device from the typed secret.
 */

/** `BroadcastChannel('latch-embedded')`, or a stand-in with the same three methods. */
export interface FrameChannel {
  postMessage(message: FrameChannelMessage): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

export interface WalletContext {
  store: DeviceStore;
  channel: FrameChannel;
  service: ServiceClient;
  /** The project this frame serves (the wallet's proof of possession names it). */
  projectId: string;
}

/** Where this device keeps its share of one wallet: by user and wallet (a user has one wallet per wallet group). */
export const deviceShareKey = (session: StoredSession, addresses: WalletAddresses) => `${session.userId}:${addresses.eip155}`;

/** Both keys sign the proof text for `PUT /api/wallet` (the service records only keys that exist). */
async function proofOf(keys: DerivedKeys, text: string) {
  const eip155 = await privateKeyToAccount(keys.eip155PrivateKey).signMessage({ message: text });
  const solana = base58.encode(ed25519.sign(new TextEncoder().encode(text), keys.solanaSeed));
  return { eip155, solana };
}

export interface PendingCreate {
  /** The secret on show; empty until the shares are ready. */
  secret: string;
  /** Called when the recovery frame says the visitor saved the secret. */
  confirm(): void;
  result: Promise<WalletAddresses>;
}

export interface PendingRecover {
  /** Called with each secret typed in the recovery frame. */
  attempt(text: string): void;
  result: Promise<void>;
}

const sameAddresses = (a: WalletAddresses, b: WalletAddresses) => a.eip155 === b.eip155 && a.solana === b.solana;

/** The service's record of the session's wallet, or undefined when it has none yet. */
export async function walletRecord({ service }: WalletContext, session: StoredSession): Promise<WalletAddresses | undefined> {
  const wallet = await service.getWallet(session.token);
  const { eip155, solana } = wallet.addresses;
  return wallet.hasAuthShare && eip155 && solana ? { eip155, solana } : undefined;
}

/** The master secret from this device's share and the auth share; undefined when this device cannot rebuild `record`. */
export async function rebuildMaster(
  context: WalletContext,
  session: StoredSession,
  record: WalletAddresses,
): Promise<Uint8Array | undefined> {
  const device = await context.store.openDeviceShare(deviceShareKey(session, record));
  if (!device) return undefined;
  const auth = shareFromBase64(await context.service.getAuthShare(session.token));
  const master = await combineShares(device, auth).catch(() => undefined);
  device.fill(0);
  auth.fill(0);
  if (master && sameAddresses(addressesOf(deriveKeys(master)), record)) return master;
  master?.fill(0);
  return undefined;
}

/** Generates a wallet and shows its recovery secret; uploads the auth share and seals the device share once saved. */
export function startCreate(context: WalletContext, session: StoredSession): PendingCreate {
  const { channel, service, store } = context;
  const master = generateMasterSecret();
  const keys = deriveKeys(master);
  const addresses = addressesOf(keys);
  let confirm = () => {};
  const saved = new Promise<void>((resolve) => {
    confirm = resolve;
  });
  const pending: PendingCreate = { secret: '', confirm: () => confirm(), result: Promise.resolve(addresses) };
  pending.result = (async () => {
    const shares = await splitMasterSecret(master);
    master.fill(0);
    pending.secret = encodeRecoverySecret(shares.recovery);
    shares.recovery.fill(0);
    channel.postMessage({ kind: 'recovery:show', secret: pending.secret });
    await saved;
    try {
      const authShare = shareToBase64(shares.auth);
      const proof = await proofOf(keys, walletProofMessage({ userId: session.userId, projectId: context.projectId, addresses, authShare }));
      await service.putWallet(session.token, authShare, addresses, proof);
      await store.sealDeviceShare(deviceShareKey(session, addresses), shares.device);
    } catch (error) {
      channel.postMessage({ kind: 'recovery:failed', error: `Your wallet was not saved: ${(error as Error).message}` });
      throw error;
    } finally {
      shares.auth.fill(0);
      shares.device.fill(0);
      keys.solanaSeed.fill(0);
      pending.secret = '';
    }
    channel.postMessage({ kind: 'recovery:done' });
    return addresses;
  })();
  return pending;
}

/** Waits for the typed recovery secret; a typo, another wallet's secret or a network failure asks again. */
export function startRecover(context: WalletContext, session: StoredSession, record: WalletAddresses): PendingRecover {
  const { channel, service, store } = context;
  let attempt: (text: string) => void = () => {};
  const ask = (error: string) => channel.postMessage({ kind: 'recovery:ask', error });
  const result = new Promise<void>((resolve, reject) => {
    attempt = async (text) => {
      let share: Uint8Array;
      try {
        share = decodeRecoverySecret(text);
      } catch (error) {
        return ask((error as Error).message);
      }
      try {
        const auth = shareFromBase64(await service.getAuthShare(session.token));
        const master = await combineShares(share, auth).catch(() => undefined);
        auth.fill(0);
        const matches = master !== undefined && sameAddresses(addressesOf(deriveKeys(master)), record);
        master?.fill(0);
        if (!matches) return ask('This recovery secret belongs to another wallet');
        // The saved share is a point of the same polynomial as the auth share, so it serves as this device's share.
        await store.sealDeviceShare(deviceShareKey(session, record), share);
        channel.postMessage({ kind: 'recovery:done' });
        resolve();
      } catch (error) {
        // An ended session cannot succeed by retrying; anything else (the service down) can.
        if (error instanceof ServiceReplyError && error.status === 401) {
          channel.postMessage({ kind: 'recovery:failed', error: error.message });
          reject(error);
        } else {
          ask((error as Error).message);
        }
      } finally {
        share.fill(0);
      }
    };
  });
  return { attempt: (text) => void attempt(text), result };
}

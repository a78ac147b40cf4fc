import type { AccountData, DirectSignResponse } from '@cosmjs/proto-signing';
import type { SignDoc } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { ripemd160, sha256 } from '@cosmjs/crypto';
import { cosmosAddressOfPubkey } from '../address.js';
import { createCosmosAuthorisationStore } from './authorisationStore.js';
import type { MockCosmosKey, MockCosmosWalletChain, MockCosmosWalletFailure, MockCosmosWalletOptions, MockStdSignature } from './types.js';
import { notEnabled, rejected, unknownChain } from './walletErrors.js';
import { type WalletKey, walletKeyFrom } from './walletKey.js';
import { signArbitraryData, signDirectDoc } from './walletSigning.js';

export const MOCK_COSMOS_WALLET_NAME = 'Mock Cosmos Wallet';
export const KEPLR_KEYSTORE_EVENT = 'keplr_keystorechange';

/** `getOfflineSigner(chainId)`: a direct signer, as CosmJS's SigningStargateClient takes it. */
export interface MockOfflineSigner {
  readonly chainId: string;
  getAccounts(): Promise<AccountData[]>;
  signDirect(signerAddress: string, signDoc: SignDoc): Promise<DirectSignResponse>;
}

/** A Keplr-style wallet (the API of `window.keplr`) with a real secp256k1 key, plus switches for tests. */
export interface MockCosmosWallet {
  readonly version: string;
  readonly mode: 'extension';
  readonly defaultOptions: Record<string, never>;
  enable(chainIds: string | readonly string[]): Promise<void>;
  disable(chainIds?: string | readonly string[]): Promise<void>;
  getKey(chainId: string): Promise<MockCosmosKey>;
  getOfflineSigner(chainId: string): MockOfflineSigner;
  getOfflineSignerAuto(chainId: string): Promise<MockOfflineSigner>;
  signArbitrary(chainId: string, signer: string, data: string | Uint8Array): Promise<MockStdSignature>;
  experimentalSuggestChain(chainInfo: unknown): Promise<void>;

  /** Test controls, not part of Keplr's API. */
  readonly walletName: string;
  setFailure(failure: MockCosmosWalletFailure, on: boolean): void;
  /** The visitor selects another key in the wallet: it fires the keystore event. */
  switchAccount(mnemonicOrPrivateKey: string): Promise<void>;
  /** The visitor revokes the site in the wallet: every chain is disabled and the keystore event fires. */
  disconnectFromWallet(): void;
  /** The current account on a known chain, without any permission check. */
  addressFor(chainId: string): Promise<string>;
  /** What asked the visitor, in order: `enable:<chainIds>`, `suggestChain:<chainId>`, `signDirect:<chainId>`, `signArbitrary:<chainId>`. */
  prompts(): string[];
  enabledChains(): string[];
}

const toList = (chainIds: string | readonly string[]) => (typeof chainIds === 'string' ? [chainIds] : [...chainIds]);

function chainFromInfo(chainInfo: unknown): MockCosmosWalletChain {
  const info = chainInfo as { chainId?: unknown; rpc?: unknown; bech32Config?: { bech32PrefixAccAddr?: unknown }; currencies?: unknown };
  const prefix = info?.bech32Config?.bech32PrefixAccAddr;
  if (typeof info?.chainId !== 'string' || typeof prefix !== 'string' || typeof info.rpc !== 'string' || !Array.isArray(info.currencies)) {
    throw new Error('Invalid chain info: chainId, rpc, bech32Config and currencies are required');
  }
  return { chainId: info.chainId, bech32Prefix: prefix };
}

export function createMockCosmosWallet(options: MockCosmosWalletOptions): MockCosmosWallet {
  const walletName = options.name ?? MOCK_COSMOS_WALLET_NAME;
  const store = createCosmosAuthorisationStore(walletName);
  const failures = { ...options.failures };
  const prompts: string[] = [];
  let key: Promise<WalletKey> = walletKeyFrom(options.mnemonicOrPrivateKey);
  key.catch(() => undefined);
  const eventTarget = options.eventTarget ?? (typeof window === 'undefined' ? undefined : window);
  const fireKeystoreChange = () => eventTarget?.dispatchEvent(new Event(options.keystoreEvent ?? KEPLR_KEYSTORE_EVENT));

  const knownChain = (chainId: string): MockCosmosWalletChain => {
    const chain = [...options.chains, ...store.suggestedChains()].find((candidate) => candidate.chainId === chainId);
    if (!chain) throw unknownChain(chainId);
    return chain;
  };
  const enabledChain = (chainId: string): MockCosmosWalletChain => {
    const chain = knownChain(chainId);
    if (!store.enabledChains().has(chainId)) throw notEnabled(chainId);
    return chain;
  };
  const addressOn = async (chain: MockCosmosWalletChain) => cosmosAddressOfPubkey((await key).pubkey, chain.bech32Prefix);
  const assertSigner = async (chain: MockCosmosWalletChain, signer: string) => {
    if ((await addressOn(chain)) !== signer) throw new Error(`Signer mismatch: ${signer} is not the current account`);
  };

  const wallet: MockCosmosWallet = {
    version: '0.13.41-latch-mock',
    mode: 'extension',
    defaultOptions: {},

    async enable(chainIds) {
      const ids = toList(chainIds);
      for (const id of ids) knownChain(id);
      const enabled = store.enabledChains();
      const missing = ids.filter((id) => !enabled.has(id));
      if (missing.length === 0) return; // already allowed: no prompt, as Keplr
      prompts.push(`enable:${missing.join(',')}`);
      if (failures.rejectConnect) throw rejected();
      store.setEnabledChains([...enabled, ...missing]);
    },

    async disable(chainIds) {
      const remove = chainIds === undefined ? undefined : new Set(toList(chainIds));
      store.setEnabledChains([...store.enabledChains()].filter((id) => remove !== undefined && !remove.has(id)));
    },

    async getKey(chainId) {
      const chain = enabledChain(chainId);
      const { pubkey } = await key;
      return {
        name: walletName,
        algo: 'secp256k1',
        pubKey: Uint8Array.from(pubkey),
        address: ripemd160(sha256(pubkey)),
        bech32Address: await addressOn(chain),
        ethereumHexAddress: '',
        isNanoLedger: false,
        isKeystone: false,
      };
    },

    getOfflineSigner(chainId) {
      return {
        chainId,
        async getAccounts() {
          const chain = enabledChain(chainId);
          return [{ address: await addressOn(chain), algo: 'secp256k1', pubkey: Uint8Array.from((await key).pubkey) }];
        },
        async signDirect(signerAddress, signDoc) {
          const chain = enabledChain(chainId);
          await assertSigner(chain, signerAddress);
          if (signDoc.chainId !== chainId) throw new Error('Chain id in the message is not matched with the requested chain id');
          prompts.push(`signDirect:${chainId}`);
          if (failures.rejectSign) throw rejected();
          return { signed: signDoc, signature: signDirectDoc(signDoc, await key) };
        },
      };
    },

    async getOfflineSignerAuto(chainId) {
      return wallet.getOfflineSigner(chainId);
    },

    async signArbitrary(chainId, signer, data) {
      const chain = enabledChain(chainId);
      await assertSigner(chain, signer);
      prompts.push(`signArbitrary:${chainId}`);
      if (failures.rejectSign) throw rejected();
      return signArbitraryData(signer, data, await key);
    },

    async experimentalSuggestChain(chainInfo) {
      const chain = chainFromInfo(chainInfo);
      if ([...options.chains, ...store.suggestedChains()].some((known) => known.chainId === chain.chainId)) return;
      prompts.push(`suggestChain:${chain.chainId}`);
      if (failures.rejectSuggestChain) throw rejected();
      store.setSuggestedChains([...store.suggestedChains(), chain]);
    },

    walletName,
    setFailure(failure, on) {
      failures[failure] = on;
    },
    async switchAccount(mnemonicOrPrivateKey) {
      const next = walletKeyFrom(mnemonicOrPrivateKey);
      await next;
      key = next;
      fireKeystoreChange();
    },
    disconnectFromWallet() {
      store.setEnabledChains([]);
      fireKeystoreChange();
    },
    addressFor: async (chainId) => addressOn(knownChain(chainId)),
    prompts: () => [...prompts],
    enabledChains: () => [...store.enabledChains()],
  };
  return wallet;
}

import type { SignerPayload } from '../polkadot/payloadSigning.js';
import type { WalletNamespaceFactory } from './walletNamespace.js';
import { invalidParams, unsupportedAccounts, unsupportedMethod, userRejected } from './walletRequestError.js';

/*
 * The test wallet's polkadot namespace: one real sr25519 (or ed25519) key that signs as a polkadot{.js} extension does
 * (the mock extension's own signing code). WalletConnect's Polkadot methods only sign; the dapp submits the extrinsic
 * to its node, so the wallet needs no RPC.
 */

/** The polkadot methods and events the test wallet approves (Reown's "Polkadot RPC methods" reference). */
export const POLKADOT_METHODS = ['polkadot_signTransaction', 'polkadot_signMessage'] as const;
export const POLKADOT_EVENTS = ['chainChanged', 'accountsChanged'] as const;

const CHAIN_ID = /^polkadot:[0-9a-f]{32}$/;
const GENESIS_HASH = /^0x[0-9a-fA-F]{64}$/;

function objectParam(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidParams(`${what} must be an object`);
  return value as Record<string, unknown>;
}

/** The wallet's namespace when the options give it a polkadot key; @polkadot/* load only then. */
export const createPolkadotWalletNamespace: WalletNamespaceFactory = async (options) => {
  const config = options.polkadot;
  if (!config) return undefined;
  if (typeof config.uri !== 'string' || config.uri.trim() === '') {
    throw new Error('WalletConnect test wallet: polkadot.uri must be a secret URI');
  }
  if (!CHAIN_ID.test(String(config.chainId))) {
    throw new Error(`WalletConnect test wallet: polkadot.chainId must be polkadot:<32 lower-case hex>, got ${String(config.chainId)}`);
  }
  const type = config.type ?? 'sr25519';
  if (type !== 'sr25519' && type !== 'ed25519') throw new Error('WalletConnect test wallet: polkadot.type must be sr25519 or ed25519');
  const ss58Format = config.ss58Format ?? 42;
  if (!Number.isInteger(ss58Format) || ss58Format < 0 || ss58Format > 16_383 || ss58Format === 46 || ss58Format === 47) {
    throw new Error(`WalletConnect test wallet: polkadot.ss58Format must be an unreserved integer 0 to 16383, got ${String(ss58Format)}`);
  }
  const [{ Keyring }, { hexToU8a, isHex, stringToU8a, u8aEq }, { decodeAddress }, { signExtrinsicPayload, signWrappedBytes }] =
    await Promise.all([
      import('@polkadot/keyring'),
      import('@polkadot/util'),
      import('@polkadot/util-crypto'),
      import('../polkadot/payloadSigning.js'),
    ]);
  const pair = new Keyring({ type, ss58Format }).addFromUri(config.uri);
  const isOwnAddress = (value: unknown) => {
    try {
      return typeof value === 'string' && u8aEq(decodeAddress(value), pair.publicKey);
    } catch {
      return false;
    }
  };
  let requestId = 0;

  return {
    namespace: 'polkadot',
    chains: [config.chainId],
    methods: POLKADOT_METHODS,
    events: POLKADOT_EVENTS,
    address: pair.address,
    accounts: () => [`${config.chainId}:${pair.address}`],
    async answer({ chainId, method, params: raw }, { rejectSigning }) {
      const params = objectParam(raw, `${method}: params`);
      switch (method) {
        case 'polkadot_signTransaction': {
          if (!isOwnAddress(params.address)) throw unsupportedAccounts(String(params.address));
          const payload = objectParam(params.transactionPayload, 'polkadot_signTransaction: transactionPayload');
          if (!isOwnAddress(payload.address)) {
            throw invalidParams('polkadot_signTransaction: transactionPayload.address must be the signer address');
          }
          const genesisHash = payload.genesisHash;
          if (typeof genesisHash !== 'string' || !GENESIS_HASH.test(genesisHash)) {
            throw invalidParams('polkadot_signTransaction: transactionPayload.genesisHash must be 0x and 64 hex characters');
          }
          // A wallet signs for the chain the request names, never another one the payload slips in.
          if (`polkadot:${genesisHash.slice(2, 34).toLowerCase()}` !== chainId) {
            throw invalidParams(`polkadot_signTransaction: the payload is for another chain than ${chainId}`);
          }
          const { signedExtensions, version } = payload;
          if (!Array.isArray(signedExtensions) || !signedExtensions.every((each) => typeof each === 'string')) {
            throw invalidParams('polkadot_signTransaction: transactionPayload.signedExtensions must be a list of names');
          }
          if (!Number.isInteger(version)) throw invalidParams('polkadot_signTransaction: transactionPayload.version must be an integer');
          if (rejectSigning) throw userRejected();
          try {
            return { id: ++requestId, signature: signExtrinsicPayload(pair, payload as SignerPayload) };
          } catch (error) {
            throw invalidParams(
              `polkadot_signTransaction: invalid transactionPayload: ${error instanceof Error ? error.message : String(error)}`,
            );
          }
        }
        case 'polkadot_signMessage': {
          if (!isOwnAddress(params.address)) throw unsupportedAccounts(String(params.address));
          // `message` (Reown's wallet example, Parity's polkadot-onboard); `data` in the reference's SignerPayloadRaw form.
          const message = params.message ?? params.data;
          if (typeof message !== 'string') throw invalidParams('polkadot_signMessage: message must be a string');
          if (params.type !== undefined && params.type !== 'bytes') {
            throw invalidParams(`polkadot_signMessage: this wallet signs bytes only, not type ${JSON.stringify(params.type)}`);
          }
          if (rejectSigning) throw userRejected();
          return { signature: signWrappedBytes(pair, isHex(message) ? hexToU8a(message) : stringToU8a(message)) };
        }
        default:
          throw unsupportedMethod(method);
      }
    },
  };
};

/*
 * The wallet frame's signing core: the key scheme (one master secret, per-namespace keys, a 2-of-3 split and the
 * recovery secret's text form) and the signer (a request checked, described for the approval page and signed only
 * with keys rebuilt for it). It runs on the wallet service's origin only, bundled into the frame app; the host page
 * never loads it. The frame's pages, storage and messaging stay in @latch/embedded-wallet-service.
 */

export {
  addressesOf,
  combineShares,
  type DerivedKeys,
  deriveKeys,
  generateMasterSecret,
  type Shares,
  shareFromBase64,
  shareToBase64,
  splitMasterSecret,
  type WalletAddresses,
} from './keys.js';
export { decodeRecoverySecret, encodeRecoverySecret } from './recoverySecret.js';
export {
  answerWithoutKeys,
  type ChainState,
  needsKeys,
  type PreparedRequest,
  prepareAnyRequest,
  prepareRequest,
  type RpcCall,
  RpcError,
} from './signer.js';
export type { DescribeContext } from './describe.js';

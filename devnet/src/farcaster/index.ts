export {
  deployFarcasterIdRegistry,
  FARCASTER_ID_REGISTRY_ADDRESS,
  FARCASTER_KEY_REGISTRY_ADDRESS,
  type FarcasterIdRegistry,
  type FarcasterIdRegistryOptions,
} from './idRegistry.js';
export { type FarcasterRelay, type FarcasterRelayChannel, type FarcasterRelayOptions, startFarcasterRelay } from './relay.js';
export {
  createFarcasterSigner,
  type FarcasterApproveOptions,
  type FarcasterSignInRequest,
  type FarcasterSigner,
  FarcasterSignerError,
  type FarcasterSignerOptions,
} from './signer.js';

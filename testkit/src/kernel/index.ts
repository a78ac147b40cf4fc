/*
 * `@latch/testkit/kernel`: in-memory stand-ins for the parts a Latch instance is built from, for testing what sits on
 * top of them (a connector, a feature plugin, a plugin view, a host app) without a wallet or a chain. They use only
 * `@latch/kernel`'s public API, and load in Node and in a DOM test environment alike.
 */
export {
  base,
  connector,
  createFakeAdapter,
  createTestStorage,
  type FakeAdapterOptions,
  mainnet,
  network,
  sepolia,
  solanaMainnet,
} from './fakeAdapter.js';
export {
  createFakeConnectorPlugin,
  EOA_ADDRESS,
  type FakeConnectorPluginOptions,
  SMART_ACCOUNT_ADDRESS,
} from './fakeConnectorPlugin.js';
export { createSiwxSessions, type SiwxSessionsOptions } from './siwxSessions.js';

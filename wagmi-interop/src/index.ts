/**
 * @latch/wagmi — use the Latch modal as a wagmi connector: the app keeps its wagmi hooks, Latch connects the wallet.
 * Importing this module does nothing; `latchConnector(modal)` returns a function wagmi's `createConfig` calls.
 */
export {
  LATCH_CONNECTOR_TYPE,
  MODAL_CLOSED_MESSAGE,
  latchConnector,
  type LatchConnectorOptions,
  type LatchProvider,
} from './latchConnector.js';
